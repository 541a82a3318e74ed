"""Settings for the tournament organizer.

Everything comes from the environment and falls back to embedded defaults, so a
fresh machine runs with an SQLite file, Celery in eager mode and a local-memory
cache. Every variable read here is listed in README.md ("Configuration").
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from organizer import api_schema

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

_DEV_SECRET_KEY = "dev-only-insecure-key-never-use-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS")

if DEBUG:
    SECRET_KEY = SECRET_KEY or _DEV_SECRET_KEY
    ALLOWED_HOSTS = ALLOWED_HOSTS or ["localhost", "127.0.0.1", "[::1]", "testserver"]
else:
    # Production mode must never run on a guessable key or accept any Host header.
    if not SECRET_KEY or SECRET_KEY == _DEV_SECRET_KEY or len(SECRET_KEY) < 40:
        raise ImproperlyConfigured(
            "DEBUG=0 needs SECRET_KEY set to a random value of at least 40 characters."
        )
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("DEBUG=0 needs ALLOWED_HOSTS (comma-separated host names).")

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_filters",
    "core",
    "organizer",
    "audit",
    "accounts",
    "tournaments",
    "decks",
    "ratings",
    "calculators",
    "demo",
    "webhooks",
    "notifications",
    "backups",
]

MIDDLEWARE = [
    # First: everything after it (throttles, logs) sees the client's own address.
    "core.middleware.ClientAddressMiddleware",
    "core.middleware.ContentSecurityPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "core.middleware.BadInputMiddleware",
    # Before sessions and auth: a visitor's standings/pairings page straight from the cache.
    "tournaments.views.page_cache.VisitorPageMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Visitors, per address: how many requests at once, then how many a minute.
    "core.concurrency.AnonymousConcurrencyMiddleware",
    "core.middleware.AnonymousThrottleMiddleware",
    # Every time shown also in the reader's zone (his profile's, else his browser's).
    "tournaments.views.reader_zone.ReaderZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "core.api_http.ApiHttpMiddleware",
    # A draft event is its staff's alone: 404 on every face before any view speaks.
    "organizer.draft_guard.DraftGuardMiddleware",
    "webhooks.idempotency.IdempotencyMiddleware",
    # Last, so its process_exception sees what the views raised before anything else.
    "core.middleware.DatabaseTroubleMiddleware",
]

ROOT_URLCONF = "organizer.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "organizer.wsgi.application"

# --- Database: DATABASE_URL (PostgreSQL) or an SQLite file ------------------
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # Persistent connections are checked before reuse, so one the server dropped
    # (a restart, a failover) is replaced instead of failing a request.
    DATABASES = {
        "default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # A busy timeout lets concurrent writers wait for the lock instead of failing.
            "OPTIONS": {"timeout": 20},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: Celery broker/result backend and the cache, or eager + locmem ---
REDIS_URL = os.environ.get("REDIS_URL", "")
# Seconds before an unreachable Redis counts as down (cache reads, task sends).
REDIS_TIMEOUT = float(os.environ.get("REDIS_TIMEOUT", "2"))
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
    CACHES = {
        "default": {
            # Answers as an empty cache while Redis is away (core.cache): a page
            # is slower then, never refused.
            "BACKEND": "core.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {
                "socket_connect_timeout": REDIS_TIMEOUT,
                "socket_timeout": REDIS_TIMEOUT,
                "retry_on_timeout": False,
            },
            # Separate processes sharing one Redis (parallel test processes, two
            # deployments) keep their keys apart and clear only their own.
            "KEY_PREFIX": os.environ.get(
                "CACHE_KEY_PREFIX", os.environ.get("PYTEST_XDIST_WORKER", "")
            ),
        }
    }
else:
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# A task is acknowledged only after it finished, so a worker that dies mid-task
# leaves it on the queue for another worker (tasks are written to be idempotent).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The worker reconnects for as long as Redis is away instead of exiting.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_TIMEOUT
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": REDIS_TIMEOUT,
    "health_check_interval": 10,
    # A message whose worker died unacknowledged goes back on the queue after this;
    # the job lease sweep (core.jobs) retakes such work much sooner.
    "visibility_timeout": 3600,
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": REDIS_TIMEOUT,
    # Celery's default waits 20 s before giving up on the result store, holding the
    # request that sent the task; results are never needed to finish a change.
    "retry_policy": {
        "max_retries": 2,
        "interval_start": 0,
        "interval_step": 0.5,
        "interval_max": 1,
    },
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = REDIS_TIMEOUT
CELERY_REDIS_BACKEND_HEALTH_CHECK_INTERVAL = 10
CELERY_REDIS_RETRY_ON_TIMEOUT = True
# A send that cannot reach the broker quickly goes to the outbox (core.jobs).
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.5,
    "interval_max": 1,
}
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
# Every minute: send the outbox, retake work whose worker stopped beating. Every five:
# the online rounds' windows (reminders before the deadline, the deadline's rule).
CELERY_BEAT_SCHEDULE = {
    "heal": {"task": "organizer.tasks.heal", "schedule": 60.0},
    "round-deadlines": {"task": "tournaments.tasks.round_deadlines", "schedule": 300.0},
}
# Leases renewed every 15 s, retaken after 60 s of silence (the sweep runs every minute).
JOB_LEASE_SECONDS = int(os.environ.get("JOB_LEASE_SECONDS", "15"))
JOB_STALE_SECONDS = int(os.environ.get("JOB_STALE_SECONDS", "60"))

# --- Behind a proxy: whose X-Forwarded-For to believe --------------------------
# TRUSTED_PROXY_COUNT=1 for one proxy in front (Caddy, nginx), or TRUSTED_PROXIES as
# comma-separated addresses/networks. Neither: REMOTE_ADDR is the client.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES")

# --- Log-in throttling (accounts.throttle) --------------------------------
LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_PAIR", "5"))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_ADDRESS", "50"))
LOGIN_THROTTLE_SECONDS = 15 * 60

# --- Bounded input (core.middleware, core.limits) ---------------------
MAX_JSON_DEPTH = int(os.environ.get("MAX_JSON_DEPTH", "32"))
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("MAX_BODY_BYTES", str(2_621_440)))

# Quotas and length limits (core.limits.DEFAULTS); e.g. {"walk_ins_per_event": 300}.
LIMITS: dict[str, int] = {}

# --- Content-Security-Policy: no inline script, nothing from other origins --
CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}

# Sessions live in the database, never in the cache: Redis going away must not log
# anybody out or refuse a log-in.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Every log-in path (the site's page, the admin's) is throttled (accounts.throttle).
AUTHENTICATION_BACKENDS = ["accounts.throttle.ThrottledModelBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# Whitenoise serves STATIC_ROOT after collectstatic; in development it finds the files itself.
WHITENOISE_USE_FINDERS = DEBUG
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Where the card databases live (see ../shared/data/README.md). The project
# never copies them; importers and tests read them from here.
CARD_DATA_DIR = Path(os.environ.get("CARD_DATA_DIR", str(BASE_DIR.parent / "shared" / "data")))

# An export of an event of more entries than this is built by a worker into a file kept
# here (tournaments.services.export_jobs), not within the request.
EXPORT_INLINE_MAX_PLAYERS = int(os.environ.get("EXPORT_INLINE_MAX_PLAYERS", "500"))
EXPORT_DIR = Path(os.environ.get("EXPORT_DIR", str(BASE_DIR / "exports")))

ANON_RATE = os.environ.get("ANON_RATE", "300/minute")  # per address: API and pages together
# Requests one address without an account may have running at once (0: no bound), and
# how long a count left by a killed worker lasts (core.concurrency). A venue's players
# behind one address mostly read cached pages, which never count.
ANON_CONCURRENCY_LIMIT = int(os.environ.get("ANON_CONCURRENCY_LIMIT", "8"))
ANON_CONCURRENCY_EXPIRY = int(os.environ.get("ANON_CONCURRENCY_EXPIRY", "120"))
# How much lower (nice steps) a worker's priority is while it hands a visitor a stored
# page, so that a crowd of readers gives way to the requests someone waits on
# (core.priority; only where the process may take it back); 0: off. Measured with 50
# readers at 500 players: a result seen 20% sooner (benchmarks/RESULTS-standings-update.md).
VISITOR_PAGE_NICE = int(os.environ.get("VISITOR_PAGE_NICE", "10"))
REST_FRAMEWORK = {
    # The token first: a call without credentials answers 401 with WWW-Authenticate: Token.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.tokens.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # JSON in and out: one body type per operation, so generated clients send what we read.
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "core.schema.ApiAutoSchema",
    "DEFAULT_PAGINATION_CLASS": "core.pagination.PagePagination",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "PAGE_SIZE": 100,
    "EXCEPTION_HANDLER": "core.problems.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": ["rest_framework.throttling.AnonRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"login": "10/minute", "signup": "20/hour", "anon": ANON_RATE},
}
# API tokens stop working this many hours after they were issued (log in again).
API_TOKEN_TTL_HOURS = int(os.environ.get("API_TOKEN_TTL_HOURS", "720"))

# The API schema's settings (drf-spectacular) are their own module.
SPECTACULAR_SETTINGS = api_schema.SPECTACULAR_SETTINGS

# --- Production hardening (manage.py check --deploy is clean with DEBUG=0) --
# VENUE_MODE=1: production settings on a laptop serving the shop's Wi-Fi over plain
# HTTP (scripts/venue.sh); no TLS there, so no redirect to it and no secure-only cookies.
VENUE_MODE = env_bool("VENUE_MODE", False)
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not VENUE_MODE)
    # Load balancers and monitors probe over plain HTTP; the health check answers them.
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]
    SESSION_COOKIE_SECURE = not VENUE_MODE
    CSRF_COOKIE_SECURE = not VENUE_MODE
    SECURE_HSTS_SECONDS = (
        0 if VENUE_MODE else int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    )
    SECURE_HSTS_INCLUDE_SUBDOMAINS = not VENUE_MODE
    SECURE_HSTS_PRELOAD = not VENUE_MODE
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

# Every line with its time, level and source, so an incident can be read back in order
# next to the access log (gunicorn, deploy/gunicorn.conf.py) and the worker's log.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "timestamped": {
            "format": "%(asctime)s %(levelname)s [%(name)s] %(message)s",
            "datefmt": "%Y-%m-%dT%H:%M:%S%z",
        }
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "timestamped"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        # Outages handled by degrading are worth seeing even at the WARNING default.
        "organizer": {"level": os.environ.get("LOG_LEVEL_ORGANIZER", "INFO")},
        # The degrading cache and the job system live in core; the same switch covers them.
        "core": {"level": os.environ.get("LOG_LEVEL_ORGANIZER", "INFO")},
    },
}

# E-mail (notifications, password reset): console unless EMAIL_URL or EMAIL_HOST is set.
from notifications.email_settings import email_settings  # noqa: E402

globals().update(email_settings(os.environ))
