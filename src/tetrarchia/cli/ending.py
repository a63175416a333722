"""The end of a game in the terminal, as the browser's end screen tells it (issue 30): when and
how it ended (R8), and the game's statistics (rounds and turns, the
IP each Emperor spent, the battles, when each border was secured, the unrest and revolts over
the game), all read from ``analysis.summary`` (the page's source), never counted here."""

from __future__ import annotations

from tetrarchia.analysis.summary import Moment, Summary, summarize
from tetrarchia.cli.analyse import sparkline
from tetrarchia.game import Game


def when(moment: Moment | None) -> str:
    return "" if moment is None else f"round {moment.round}, {moment.emperor}'s turn"


def how_it_ended(summary: Summary) -> str:
    """When the game ended (R8) and where: the army's province, or the disc whose reserve ran
    dry and the province it was for."""
    parts = [f"Ended in {when(summary.ended)}"] if summary.ended is not None else ["Ended"]
    if summary.result == "army-in-roma" and summary.end_province:
        parts.append(f"the army came from {summary.end_province}")
    if summary.result == "reserve-empty" and summary.end_disc and summary.end_province:
        parts.append(f"no {summary.end_disc} disc was left for {summary.end_province}")
    if summary.result == "roma-victrix" and summary.borders:
        last = summary.borders[-1]
        if last.emperor:
            parts.append(f"{last.emperor} secured the sixth border, {last.border}")
    return "; ".join(parts) + "."


def statistics(summary: Summary) -> list[str]:
    """The game's statistics, a line each, as the end screen of the page shows them."""
    spent = ", ".join(f"{name} {ip}" for name, ip in summary.ip_spent.items())
    b = summary.battles
    lines = [f"{summary.rounds} rounds, {summary.turns} turns, {summary.actions} actions.",
             f"IP spent: {spent}.",
             f"Battles: {b.won} won, {b.lost} lost, {b.drawn} drawn ({b.attacked} begun by the "
             f"Romans, {b.defended} by the armies)."]
    if summary.borders:
        lines.append("Borders secured: " + "; ".join(
            f"{s.border}" + (f" by {s.emperor}, {when(s.at)}" if s.emperor else " at the start")
            for s in summary.borders) + ".")
    else:
        lines.append("Borders secured: none.")
    if summary.samples:
        revolts = [float(s.revolts) for s in summary.samples]
        unrest = [float(s.unrest) for s in summary.samples]
        top = max([*revolts, *unrest, 1.0])
        lines.append(f"Revolts after each turn  {sparkline(revolts, top)}  (most {max(revolts):.0f})")
        lines.append(f"Unrest after each turn   {sparkline(unrest, top)}  (most {max(unrest):.0f})")
    return lines


def end_lines(game: Game) -> list[str]:
    """When and how the game ended, and its statistics (the score is the engine's own line)."""
    summary = summarize(game.start, game.log)
    return [how_it_ended(summary), *statistics(summary)]
