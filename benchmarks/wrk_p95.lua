-- wrk prints p50/p90/p99 only; the goals are p95 (benchmarks/load.py reads these lines).
done = function(summary, latency, requests)
  io.write(string.format("p50 %d\n", latency:percentile(50)))
  io.write(string.format("p95 %d\n", latency:percentile(95)))
  io.write(string.format("p99 %d\n", latency:percentile(99)))
  io.write(string.format("requests %d\n", summary.requests))
  io.write(string.format("rps %.1f\n", summary.requests / (summary.duration / 1e6)))
  local bad = summary.errors.status + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout
  io.write(string.format("non2xx %d\n", bad))
end
