// The reader's time zone, so that pages show times in his zone beside the event's
// (tournaments/templatetags/times.py reads the "tz" cookie).
(function () {
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && document.cookie.indexOf("tz=" + zone) === -1) {
      document.cookie = "tz=" + zone + "; path=/; max-age=31536000; samesite=lax";
    }
  } catch (e) { /* an old browser: the event's zone alone is shown */ }
})();
