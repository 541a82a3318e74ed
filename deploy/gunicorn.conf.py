"""Gunicorn settings for scripts/prod.sh, scripts/venue.sh and the systemd unit.

Every value can be changed from the environment; the defaults suit a small server
(2 cores) behind a TLS proxy on the same machine."""

import os

bind = (
    os.environ.get("BIND")
    or f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
)
# Sync workers, one request each: the only class whose timeout stops a request. A
# threaded worker (gthread) keeps telling the master it is alive from its main thread
# while a request thread runs on, so its timeout never fired (a 23 s export ran on).
# More processes stand in for the threads: a slow request holds one of them, not the site.
worker_class = "sync"
workers = int(os.environ.get("WEB_WORKERS", str(2 * (os.cpu_count() or 1) + 1)))
threads = 1
# The request time limit: a request running longer is stopped (its worker replaced) and
# the proxy answers 502/504. The costliest answers are built by a worker instead.
timeout = int(os.environ.get("WEB_TIMEOUT", "30"))
graceful_timeout = 30
# Replace workers now and then so a slow leak never grows into an outage.
max_requests = 2000
max_requests_jitter = 200

# The proxy on this machine may tell gunicorn the scheme (X-Forwarded-Proto).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

# The access log: time, client (and who the proxy says it forwarded for), request,
# status, bytes, milliseconds. "-" is standard output (journald under systemd).
accesslog = os.environ.get("ACCESS_LOG", "-")
errorlog = os.environ.get("ERROR_LOG", "-")
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
access_log_format = '%(t)s %(h)s fwd=%({x-forwarded-for}i)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'
