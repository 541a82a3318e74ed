// Print buttons without inline script (the Content-Security-Policy forbids onclick=):
// any element with data-print opens the browser's print dialog.
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});
