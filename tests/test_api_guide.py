"""The API guide's examples run as written: every ```sh block of
docs/api-guide.md (API v1), in order, against a live server holding the demo. A call
answering 4xx/5xx fails the test (unless the guide shows the refusal on purpose, with
`|| true`), so the guide cannot drift from the API."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from demo import loader as demo

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "api-guide.md"
# Every curl in the guide fails the script on an error answer, showing its body.
PRELUDE = """set -euo pipefail
curl() { command curl --silent --show-error --fail-with-body "$@"; }
"""


def guide_script() -> str:
    blocks = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 10, "the guide lost its examples"
    return PRELUDE + "\n".join(blocks)


@pytest.mark.django_db(transaction=True)
def test_every_example_of_the_api_guide_runs(live_server, tmp_path):
    if shutil.which("curl") is None:
        pytest.skip("curl is not installed")
    demo.build_demo()
    result = subprocess.run(
        ["bash", "-c", guide_script()],
        cwd=tmp_path,
        env={"API": f"{live_server.url}/api/v1", "PATH": "/usr/bin:/bin:/usr/local/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    out = result.stdout
    # What the guide says the calls answer.
    assert '"token":' in out
    assert "1.5 ≤ ratio < 2 (5–1)" in out  # the reported result
    assert "confirmed" in out and "finished" in out
    assert "ratio ≥ 2 (6–0)" in out  # the director's correction
    assert "round,table,status,registration,player" in out  # the CSV export
    assert "copies_nonunique" in out  # the deck check
    assert "Jessica" in out  # the Free Council winner
    # accounts, problem details, retries, caching, webhooks, the list shape.
    assert '"expires_at":' in out
    assert "log-out: 204" in out and "after log-out: 401" in out
    assert "Select a valid choice. bogus is not one of the available choices." in out
    assert out.count("Lobelia Sackville") >= 1
    assert "unchanged: 304" in out
    assert "removed: 204" in out
    assert '"results":[' in out and '"count":' in out
    # The typed event-day answers: a list preview, no-shows, what a re-pair loses, the bracket.
    assert '"flags":["duplicate_in_list"],"will_add":false' in out
    assert '[{"registration_id":' in out and '"name":"Olga Petrova"}]' in out
    assert '"players":["Maren Holt","Olga Petrova"],"status":"confirmed"' in out
    assert '"final_standings":[{"place":1,' in out


def test_every_example_is_run_by_a_test() -> None:
    """sh blocks run above; the one python block (checking a webhook's signature) runs
    in tests/api/test_webhooks.py on real deliveries; json and text show answers."""
    text = GUIDE.read_text(encoding="utf-8")
    languages = re.findall(r"^\s*```(\w+)$", text, re.M)
    assert set(languages) <= {"sh", "json", "text", "python"}, set(languages)
    assert languages.count("python") == 1
