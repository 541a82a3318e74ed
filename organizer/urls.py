from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from organizer import security, views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/login/", views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/", include("notifications.urls")),
    path("admin/", admin.site.urls),
    path("health/", views.health, name="health"),
    # API
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    # A user name and password in, the account's API token out (failed log-ins are throttled).
    path("api/token/", security.ObtainTokenView.as_view(), name="api-token"),
    path("api/rules/", include("calculators.api_urls")),
    path("api/decks/", include("decks.api_urls")),
    path("api/ratings/", include("ratings.api_urls")),
    path("api/", include("tournaments.api_urls")),
    # Pages
    path("rules/", include("calculators.urls")),
    path("decks/", include("decks.urls")),
    path("leagues/", include("ratings.urls")),
    path("audit/", include("audit.urls")),
    path("", include("tournaments.urls")),
]
