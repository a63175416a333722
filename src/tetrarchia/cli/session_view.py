"""The drawing of a terminal game: the board or the status line, the numbered actions and the
prompt, the narration and each Barbarian phase's summary (``cli.phase``), the pager, the end's
panel and analysis.  ``cli/play.py``'s ``PlaySession`` is drawn by it (issue 25)."""

from __future__ import annotations

from rich.panel import Panel
from rich.text import Text

from tetrarchia.analysis.forecast import Forecast, forecast
from tetrarchia.cli.analyse import print_analysis, run_analysis
from tetrarchia.cli.battle import explain_battle
from tetrarchia.cli.decisions import decision_context, who_decides
from tetrarchia.cli.ending import end_lines
from tetrarchia.cli.phase import phase_summary
from tetrarchia.cli.render import end_report, numbered, print_events, render_actions
from tetrarchia.cli.session_base import SessionBase
from tetrarchia.core.actions import Action
from tetrarchia.core.engine import BARBARIAN_SEAT, decider
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.events import Battle, Event, GameEnds, PhaseEnded, TurnBegins
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.scoring import score
from tetrarchia.core.state import Awaiting, State
from tetrarchia.render.board_text import RESULT_TEXT, render_board, status_line
from tetrarchia.seats import seat_label, seat_of

__all__ = ["SessionView"]


class SessionView(SessionBase):
    """What the players see of the game, and the pauses that belong to it."""

    def prompt(self, legal: list[Action]) -> str:
        state = self.state
        single = " (Enter: the only choice)" if len(legal) == 1 else ""
        if state.awaiting is Awaiting.FLEET_PLACEMENT:
            placed = sum(state.fleets)
            placer = decider(state) or Emperor.DIOCLETIAN
            player = seat_of(placer, self.settings.players, self.settings.shared_caesar)
            return (f"Player {player} (the players): place fleet {placed + 1} of {self.settings.level.fleets}"
                    f"{single} > ")
        label = seat_label(state.turn, self.settings)
        if state.awaiting not in (Awaiting.ENTRY, Awaiting.ROMAN_ACTION):  # a decision of an option
            return f"{who_decides(state)}: decide, 1-{len(numbered(state, legal))}{single} > "
        if state.awaiting is Awaiting.ENTRY:
            return f"{label}: where does {state.turn.title} enter?{single} > "
        return f"{label}, {state.ip} IP{single} > "

    def show(self, legal: list[Action], board: bool = False) -> None:
        """The board when ``board`` (at the start, after a Barbarian phase, on 'board'), else the
        status line; then the numbered actions; a decision says first what is being decided.
        The board is not drawn again after every action: on 80x24 it would push the narration
        and the Barbarian phase's summary off the screen."""
        deciding = self.state.awaiting is Awaiting.DECISION
        if self.show_board and board:
            self.console.print()
            self.console.print(render_board(self.state, self.console.width, self.board_marks(),
                                            ai=self.ai_label()))
            self.board_stale = False
        elif self.show_board:
            self.console.print(status_line(self.state, ai=self.ai_label()))
        if deciding:
            self.console.print(Text(f"{who_decides(self.state)} decides: ", style="bold")
                               .append(decision_context(self.state), style=""))
        self.console.print(render_actions(self.state, legal, width=self.console.width,
                                          numbers=self.numbering.of(self.state, legal,
                                                                    len(self.game.log))))
        self.view_stale = False

    def ai_label(self) -> str:
        """``AI GM`` (the initials of the seats the program plays, B the Barbarian player)
        for the header, or empty (issue 30: AI seats marked)."""
        if self.ai is None or not self.ai.seats:
            return ""
        return "AI " + "".join("B" if seat == BARBARIAN_SEAT else Emperor(seat).name[0]
                               for seat in sorted(self.ai.seats))

    def board_marks(self) -> Forecast | None:
        """The forecast shown on the board with ``forecast on``, when there is one to make: in a
        Roman phase (of ending it now) or inside a Barbarian phase."""
        if not self.marks or self.state.is_over or self.state.awaiting is Awaiting.ENTRY:
            return None
        with self.console.status("Computing the forecast over every roll of the dice ..."):
            try:
                return forecast(self.state)
            except TetrarchiaError:
                return None

    def page(self, lines: list[str]) -> None:
        """Print ``lines`` as they are (already wrapped); at a terminal, a screenful at a time:
        Enter shows the next, q (or anything typed) stops and is not lost."""
        step = max(self.console.height - 1, 5)  # a page and the pager's line fill the screen
        if not self.interactive or len(lines) <= step + 1:
            step = len(lines)
        for at in range(0, len(lines), step):
            if at:
                answer = self.input_fn(f"-- {at} of {len(lines)} lines: Enter the next page, "
                                       "q stop > ").strip()
                if answer:
                    if answer.lower() not in ("q", "quit"):
                        self.typed_ahead = answer  # a command typed at the pager comes next
                    return
            for line in lines[at:at + step]:
                self.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def print_events(self, events: list[Event], before: State | None = None) -> None:
        """The narration; a Barbarian phase is gathered from the end of a Roman phase to the next
        turn and summed up when it ends (then the board is drawn again).  ``before``: the board
        just before the step that caused ``events``: a battle resolved at once (the first thing
        the dice decide) is explained on it, the provinces of each support named (R6)."""
        if before is not None and events and isinstance(events[0], Battle):
            # the note goes under its battle, before what the rest of the step tells (issue 30:
            # after the next turn's heading it read as a battle of that turn)
            battle = events[0]
            why = explain_battle(before, battle.piece, battle.piece_province, battle.army_province)
            print_events(self.console, events[:1], self.game.board)
            self.console.print(Text(f"  ({why})", style="dim"))
            print_events(self.console, events[1:], self.game.board)
        else:
            print_events(self.console, events, self.game.board)
        for event in events:
            if isinstance(event, PhaseEnded):
                self.phase_events = []
                self.last_round = self.state.round
            elif self.phase_events is not None:
                self.phase_events.append(event)
                if isinstance(event, (TurnBegins, GameEnds)):
                    self.end_of_phase()

    def end_of_phase(self) -> None:
        phase = self.phase_events or []
        self.phase_events = None
        self.last_phase = phase
        self.print_summary(phase)
        self.board_stale = True
        if self.pause and not self.state.is_over:
            typed = self.input_fn("Enter: the board > ").strip()
            if typed:  # a command or an action typed at the pause is not lost: it comes next
                self.typed_ahead = typed

    def print_summary(self, phase: list[Event]) -> None:
        lines = phase_summary(phase, self.game.board) or ["Nothing happened."]
        body = Text("\n".join(lines))
        self.console.print(Panel(body, title=f"Barbarian phase, round {self.last_round}",
                                 title_align="left", expand=False))

    def end_panel(self) -> None:
        """The board at the end and the panel of the result, the score and the seed."""
        state = self.state
        if self.show_board:
            self.console.print()
            self.console.print(render_board(state, self.console.width))
        style = "bold green" if state.result.is_victory else "bold red"
        summary = Text(RESULT_TEXT[state.result], style=style)
        lines = end_lines(self.game)  # as the page's end screen: analysis.summary (issue 30)
        summary.append(f"\n{lines[0]}", style="")
        summary.append(f"\nScore: {score(state).describe()}", style="")
        for line in end_report(state):
            summary.append(f"\n{line}", style="bold")
        for line in lines[1:]:
            summary.append(f"\n{line}", style="")
        if self.game.seed is not None:
            summary.append(f"\nSeed {self.game.seed}, level {state.settings.level}.", style="dim")
        self.console.print(Panel(summary, title="The end", expand=False))

    def offer_analysis(self) -> None:
        """At the end: ``analyse`` judges every Roman decision (cli/analyse.py, as
        ``tetrarchia analyse FILE`` does); Enter goes on to the offer to save."""
        answer = self.input_fn("Type analyse to have every decision judged by the AI, Enter to "
                               "go on > ").strip().lower()
        if answer not in ("analyse", "analyze", "a"):
            return
        result = run_analysis(self.game, self.console, self.analysis_seconds, self.analysis_samples,
                              seed=1, workers=1, show_progress=self.interactive)
        print_analysis(result, self.game.board, self.console)
