"""The HTML report of a simulation: the statistics of ``SimulationResult.to_json()`` as one
self-contained page, with plots (matplotlib PNGs embedded as data URIs): the rank
distribution, the final points distribution, and the win, deal-in and average-rank figures
by agent with their 95% confidence intervals.

matplotlib is imported here only (the ``report`` extra).
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any

from ..errors import SparrowsError

__all__ = ["render_html"]


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise SparrowsError(
            "the HTML report needs matplotlib: pip install 'sparrows[report]'"
        ) from None
    matplotlib.use("Agg")  # no screen: draw to files
    import matplotlib.pyplot as plt

    return plt


def _png(plt: Any, fig: Any) -> str:
    """The figure as base64 PNG; the figure is closed."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _shares(plt: Any, fig: Any, ax: Any, xlabel: str, title: str) -> str:
    """A plot of shares of each agent's games, labelled, as base64 PNG."""
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of the agent's games")
    ax.set_title(title)
    ax.legend()
    return _png(plt, fig)


def _ranks(plt: Any, data: dict[str, Any]) -> str:
    agents = data["per_agent"]
    places = sorted({int(p) for a in agents.values() for p in a["places"]})
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    width = 0.8 / max(len(agents), 1)
    for i, (name, a) in enumerate(agents.items()):
        games = max(a["games"], 1)
        shares = [a["places"].get(str(p), 0) / games for p in places]
        ax.bar([p + (i - (len(agents) - 1) / 2) * width for p in places], shares, width, label=name)
    ax.set_xticks(places)
    return _shares(plt, fig, ax, "place", "Rank distribution")


def _points(plt: Any, data: dict[str, Any]) -> str:
    hist = data["points_histogram"]
    edges = hist["edges"]
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    if edges:
        centres = [(edges[i] + edges[i + 1]) / 2 for i in range(len(edges) - 1)]
        for name, counts in hist["counts"].items():
            games = max(sum(counts), 1)
            ax.step(centres, [c / games for c in counts], where="mid", label=name)
        ax.axvline(data.get("start_points", 0), color="grey", linewidth=0.8, linestyle=":")
    return _shares(plt, fig, ax, "final points", "Final points distribution")


def _rates(plt: Any, data: dict[str, Any]) -> str:
    agents = data["per_agent"]
    names = list(agents)
    fig, axes = plt.subplots(1, 3, figsize=(9.6, 3.2))
    for ax, key, title in (
        (axes[0], "win_rate", "win rate (per hand)"),
        (axes[1], "deal_in_rate", "deal-in rate (per hand)"),
        (axes[2], "average_rank", "average rank"),
    ):
        values = [agents[n][key] for n in names]
        low = [agents[n][key] - agents[n][f"{key}_ci95"][0] for n in names]
        high = [agents[n][f"{key}_ci95"][1] - agents[n][key] for n in names]
        ax.bar(names, values, yerr=[low, high], capsize=6, color="#4a7fb0")
        ax.set_title(title)
        ax.tick_params(axis="x", rotation=20)
    fig.suptitle("By agent, with 95% confidence intervals", y=1.06)
    return _png(plt, fig)


def _ci(values: list[float], percent: bool) -> str:
    if percent:
        return f"{values[0]:.1%} to {values[1]:.1%}"
    return f"{values[0]:,.3f} to {values[1]:,.3f}"


def render_html(data: dict[str, Any]) -> str:
    """The report page of ``data`` (a simulation's JSON statistics)."""
    plt = _pyplot()
    e = html.escape
    agents = data["per_agent"]
    rows = "\n".join(
        f"<tr><td>{e(name)}</td><td>{a['games']}</td>"
        f"<td>{a['average_points']:,.2f}<br><small>{_ci(a['average_points_ci95'], False)}"
        f"</small></td><td>{a['average_rank']:.3f}<br><small>"
        f"{_ci(a['average_rank_ci95'], False)}</small></td>"
        f"<td>{a['win_rate']:.1%}<br><small>{_ci(a['win_rate_ci95'], True)}</small></td>"
        f"<td>{a['deal_in_rate']:.1%}<br><small>{_ci(a['deal_in_rate_ci95'], True)}"
        f"</small></td><td>{a['average_win_points']:,.1f}</td></tr>"
        for name, a in agents.items()
    )
    items = "\n".join(
        f"<tr><td>{e(item.replace('_', ' '))}</td><td>{share:.2%}</td></tr>"
        for item, share in data["item_frequency_per_win"].items()
    )
    seating = (
        "duplicate (each deal played in every seat rotation)"
        if data.get("duplicate")
        else "rotated one seat per game"
    )
    stopped = (
        ""
        if data["complete"]
        else f"<p><strong>Stopped early: {data['games']} of {data['games_requested']} games."
        "</strong></p>"
    )
    pictures = [
        ("Rank distribution", _ranks(plt, data)),
        ("Final points distribution", _points(plt, data)),
        ("Rates by agent", _rates(plt, data)),
    ]
    images = "\n".join(
        f'<figure><img alt="{e(alt)}" src="data:image/png;base64,{uri}"></figure>'
        for alt, uri in pictures
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>sparrows simulate: {e(data["ruleset"])}, {data["games"]} games</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
td, th {{ border-bottom: 1px solid #ccc; padding: 0.3em 0.8em; text-align: right; }}
td:first-child, th:first-child {{ text-align: left; }}
small {{ color: #555; }}
img {{ max-width: 100%; }}
</style></head><body>
<h1>{e(data["ruleset"])}: {data["games"]} games, {data["hands"]} hands</h1>
{stopped}
<p>Agents {e(", ".join(data["agents"]))}; seats {seating}; seed {data["seed"]};
{data["seconds"]:.1f} s on {data["workers"]} worker(s) ({e(data["backend"])}, {e(data["build"])}
build). Draws {data["draw_rate"]:.1%} of hands; {data["wins_per_hand"]:.2f} winners per hand.
Intervals are 95%: Wilson intervals for rates, normal intervals for averages.</p>
<table>
<tr><th>agent</th><th>seats</th><th>average points</th><th>average rank</th>
<th>win rate</th><th>deal-in rate</th><th>average win</th></tr>
{rows}
</table>
{images}
<h2>Scoring items (share of wins)</h2>
<table>{items}</table>
<p><small>Made by sparrows simulate. The same statistics as JSON: <code>--out</code>.</small></p>
</body></html>
"""
