"""The registry of optional rules (core/rulebook.py, core/tasks.py): modules are joined by hooks,
and nothing one module owns can be silently overwritten by another."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from tetrarchia.core.errors import OptionError
from tetrarchia.core.rulebook import Hooks
from tetrarchia.core.state import State
from tetrarchia.core.tasks import FIRST_OPTION_TASK, STEPS, TASK_NAMES, register_step


def _handler(state: State, task: tuple[int, ...], events: object) -> bool:
    return True


def _other_handler(state: State, task: tuple[int, ...], events: object) -> bool:
    return False


def test_list_hooks_run_every_module_in_order() -> None:
    def first(state: State) -> None: ...
    def second(state: State) -> None: ...
    joined = Hooks.join({"a": Hooks(setup=(first,)), "b": Hooks(setup=(second,))})
    assert joined.setup == (first, second)


def test_two_modules_handling_one_step_is_an_error() -> None:
    with pytest.raises(OptionError, match="the options a and b both replace the handlers of 999"):
        Hooks.join({"a": Hooks(handlers={999: _handler}), "b": Hooks(handlers={999: _other_handler})})


def test_one_shared_function_is_not_a_clash() -> None:
    """The Dux and the Vicarius share the Deploy action and its applier (R11.1, R11.2)."""
    joined = Hooks.join({"dux": Hooks(handlers={999: _handler}), "vicarius": Hooks(handlers={999: _handler})})
    assert joined.handlers == {999: _handler}


def test_two_modules_replacing_one_rule_is_an_error() -> None:
    def routes(state: State, origin: int) -> dict[int, int]:
        return {}
    def other_routes(state: State, origin: int) -> dict[int, int]:
        return {}
    with pytest.raises(OptionError, match="both replace the fleet_routes"):
        Hooks.join({"a": Hooks(fleet_routes=routes), "b": Hooks(fleet_routes=other_routes)})


class _RegistryStep(NamedTuple):
    op: int
    region: int


class _NoCode(NamedTuple):
    region: int


def test_steps_get_fresh_codes_and_unique_names() -> None:
    code = register_step("test-step-of-the-registry", _RegistryStep)
    try:
        assert code >= FIRST_OPTION_TASK and TASK_NAMES[code] == "test-step-of-the-registry"
        assert STEPS[code].record is _RegistryStep and STEPS[code].fields == ("region",)
        assert list(TASK_NAMES.values()).count("test-step-of-the-registry") == 1
        with pytest.raises(ValueError, match="already registered"):
            register_step("test-step-of-the-registry", _RegistryStep)
        with pytest.raises(ValueError, match="already registered"):
            register_step("usurper", _RegistryStep)  # R12.4's step, options/vsvrpator.py's
        with pytest.raises(ValueError, match="first field is op"):
            register_step("test-step-without-its-code", _NoCode)
    finally:
        del TASK_NAMES[code], STEPS[code]


def test_every_option_action_names_its_own_heading() -> None:
    """Option actions render themselves (label, group): no interface keeps a list of them."""
    import tetrarchia.options  # noqa: F401  (registers every module)
    from tetrarchia.core.actions import OptionAction

    def subclasses(cls: type[OptionAction]) -> list[type[OptionAction]]:
        return [c for sub in cls.__subclasses__() for c in (sub, *subclasses(sub))
                if c.__module__.startswith("tetrarchia.")]  # not a test's own extension (Summon)

    kinds = subclasses(OptionAction)
    assert len(kinds) >= 13
    for kind in kinds:
        assert kind.group is not OptionAction.group, f"{kind.__name__} has no heading of its own"
