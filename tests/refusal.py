"""The one refusal check every game's tests use."""

from typing import TypeVar

import pytest

from companion.core import Action, IllegalAction, RefereeError, Session
from companion.i18n import LANGUAGES
from companion.messages import describe_error
from companion.rules import library

E = TypeVar("E", bound=RefereeError)


def refused(s: Session, action: Action, code: str | None = None, rule: str | None = None,
            kind: type[E] = IllegalAction) -> E:  # type: ignore[assignment]
    """``action`` is refused (as ``kind``: an illegal action unless told, e.g. an ambiguous
    one; with ``code`` citing ``rule``, where given), the state is untouched, the cited
    clause exists, and the refusal reads as a sentence in every language (its fields filled in)."""
    before = s.game.clone(s.state)
    with pytest.raises(kind) as info:
        s.apply(action)
    err = info.value
    if code is not None:
        assert err.code == code, err
    if rule is not None:
        assert err.rule == rule, err
    assert s.state == before
    for lang in LANGUAGES:
        assert library.clause(err.rule, lang) is not None, (err.rule, lang)
        text = describe_error(err, s.game.id, lang, s.setup.players)
        assert text != err.code and "{" not in text, (lang, text)
    return err
