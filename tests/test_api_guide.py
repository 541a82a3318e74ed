"""The API guide's examples run as written (issue 7): every ```sh block of
docs/api-guide.md, in order, against a live server holding the demo. A call answering
4xx/5xx fails the test, so the guide cannot drift from the API."""

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
        env={"API": f"{live_server.url}/api", "PATH": "/usr/bin:/bin:/usr/local/bin"},
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
