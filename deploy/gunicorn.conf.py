"""Gunicorn settings for scripts/prod.sh, scripts/venue.sh and the systemd unit.

Every value can be changed from the environment; the defaults suit a small server
(2 cores) behind a TLS proxy on the same machine."""

import os

bind = (
    os.environ.get("BIND")
    or f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
)
workers = int(os.environ.get("WEB_WORKERS", "3"))
threads = int(os.environ.get("WEB_THREADS", "2"))
# A request that runs longer than this is stuck; its worker is replaced.
timeout = int(os.environ.get("WEB_TIMEOUT", "60"))
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
