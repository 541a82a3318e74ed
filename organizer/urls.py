from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path
from drf_spectacular.views import SpectacularSwaggerSplitView

from accounts import api as accounts_api
from accounts import views as accounts_views
from core.health import health
from core.schema_view import CachedSchemaView
from organizer import views
from tournaments.views import transfer

# The API, version 1. The old unversioned /api/... addresses answer 308 to these
# (core.api_http.ApiHttpMiddleware).
api_v1: list[URLPattern | URLResolver] = [
    path("schema/", CachedSchemaView.as_view(), name="schema"),
    # The split view serves its script as a file: the Content-Security-Policy forbids inline.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    # A user name and password in, an API token out (failed log-ins are throttled).
    path("token/", accounts_api.ObtainTokenView.as_view(), name="api-token"),
    path("token/revoke/", accounts_api.RevokeTokenView.as_view(), name="api-token-revoke"),
    path("accounts/", accounts_api.SignupView.as_view(), name="api-signup"),
    path("rules/", include("calculators.api_urls")),
    path("decks/", include("decks.api_urls")),
    path("ratings/", include("ratings.api_urls")),
    path("", include("webhooks.api_urls")),
    path("", include("tournaments.api_urls")),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/login/", accounts_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts_views.signup, name="signup"),
    path("accounts/", include("notifications.urls")),
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    path("api/v1/", include(api_v1)),
    # Pages
    path("rules/", include("calculators.urls")),
    path("decks/", include("decks.urls")),
    path("leagues/", include("ratings.urls")),
    path("audit/", include("tournaments.audit_urls")),
    # Before the event pages: "restore" is not an event's address.
    path("events/restore/", transfer.restore_event, name="event-restore"),
    path("events/<slug:slug>/download/", transfer.download_event, name="event-download"),
    path("events/<slug:slug>/exports/<int:job_id>/", transfer.export_job, name="event-export-job"),
    path("", include("tournaments.urls")),
]

# Under /api/ these answer problem details, never an HTML page.
handler404 = "core.problems.page_not_found"
handler500 = "core.problems.server_error"
