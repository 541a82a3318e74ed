"""Server-rendered SVG charts (no JavaScript, no library): a sparkline per league
row and a line chart of a player's rating history."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe


def _scale(values: Sequence[int], height: float, pad: float) -> tuple[int, int, float]:
    low, high = min(values), max(values)
    span = high - low or 1
    return low, high, (height - 2 * pad) / span


def sparkline(
    values: Sequence[int], width: int = 120, height: int = 28, label: str = ""
) -> SafeString:
    """A tiny line of ratings; the last point is marked."""
    if len(values) < 2:
        return mark_safe("")
    pad = 3.0
    low, _high, k = _scale(values, height, pad)
    step = (width - 2 * pad) / (len(values) - 1)
    points = " ".join(
        f"{pad + i * step:.1f},{height - pad - (v - low) * k:.1f}" for i, v in enumerate(values)
    )
    last_x = pad + (len(values) - 1) * step
    last_y = height - pad - (values[-1] - low) * k
    title = escape(label or f"ratings {values[0]} to {values[-1]}")
    return mark_safe(
        f'<svg class="spark" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{title}"><title>{title}</title>'
        f'<polyline fill="none" stroke="currentColor" stroke-width="1.5" points="{points}"/>'
        f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="2.2" fill="currentColor"/></svg>'
    )


def line_chart(
    values: Sequence[int], width: int = 640, height: int = 220, label: str = ""
) -> SafeString:
    """Rating after every rated game, with the start rating, gridlines and labels."""
    if not values:
        return mark_safe("")
    if len(values) == 1:
        values = [values[0], values[0]]
    left, right, top, bottom = 44.0, 10.0, 12.0, 26.0
    plot_w, plot_h = width - left - right, height - top - bottom
    low, high = min(values), max(values)
    if high - low < 10:
        # Keep a small change from filling the whole height.
        mid = (high + low) / 2
        low, high = int(mid - 5), int(mid + 5)
    k = plot_h / (high - low)
    step = plot_w / (len(values) - 1)

    def y(v: float) -> float:
        return top + plot_h - (v - low) * k

    grid = []
    ticks = 4
    for i in range(ticks + 1):
        v = low + (high - low) * i / ticks
        grid.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" class="grid"/>'
            f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{round(v)}</text>'
        )
    points = " ".join(f"{left + i * step:.1f},{y(v):.1f}" for i, v in enumerate(values))
    dots = (
        "".join(
            f'<circle cx="{left + i * step:.1f}" cy="{y(v):.1f}" r="2.5">'
            f"<title>{v}</title></circle>"
            for i, v in enumerate(values)
        )
        if len(values) <= 120
        else ""
    )
    title = escape(label or "rating history")
    return mark_safe(
        f'<svg class="rating-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{title}" preserveAspectRatio="xMidYMid meet"><title>{title}</title>'
        + "".join(grid)
        + f'<polyline fill="none" stroke="currentColor" stroke-width="2" points="{points}"/>'
        + dots
        + f'<text x="{left}" y="{height - 6}">start</text>'
        + f'<text x="{width - right}" y="{height - 6}" text-anchor="end">'
        f"{len(values) - 1} changes</text></svg>"
    )
