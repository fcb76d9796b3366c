"""Plain frozen data with an exact JSON form, and the JSON Schema of that form.

The client contract's types (:mod:`.view`, :mod:`.extras`) are frozen dataclasses whose
fields hold only ``str``, ``int``, ``bool``, ``None``, tuples, ``dict[str, ...]`` and
other such dataclasses. :func:`to_json` writes one as JSON-ready values (tuples as lists,
dataclasses as objects with every field); :func:`from_json` reads it back, checking every
type and refusing unknown fields, so ``from_json(cls, to_json(x)) == x`` exactly.
Where a field holds one of several dataclasses (a union), each carries a ``kind`` class
attribute and the JSON object its ``"kind"`` key, which picks the class.

No import from the engine: a client needs only this package.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, TypeVar, Union

T = TypeVar("T")


class DataError(ValueError):
    """A JSON value that does not fit the type it is read as (names the field)."""


@cache
def _kind_of(cls: Any) -> str | None:
    """The ``kind`` class attribute that tags a union member (not a field named kind)."""
    if any(f.name == "kind" for f in dataclasses.fields(cls)):
        return None
    kind = getattr(cls, "kind", None)
    return kind if isinstance(kind, str) else None


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _tagged(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp) and _kind_of(tp) is not None


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(cls) if f.init)


_PLAIN: frozenset[type] = frozenset({str, int, bool, float, type(None)})
_Shape = tuple[str | None, tuple[str, ...], frozenset[str]]
_SHAPES: dict[type, _Shape | None] = {}


def absent(text: str) -> Any:
    """A field a JSON object may leave out (read as None; left out when None)."""
    return dataclasses.field(default=None, metadata={"doc": text, "absent": True})


def _absent(f: dataclasses.Field[Any]) -> bool:
    return bool(f.metadata and f.metadata.get("absent"))


def _shape(cls: type) -> _Shape | None:
    """(kind, field names, the names that may be absent) of a dataclass, None for any
    other type; cached per type."""
    try:
        return _SHAPES[cls]
    except KeyError:
        pass
    shape = None
    if dataclasses.is_dataclass(cls):
        fields = _fields(cls)
        shape = (
            _kind_of(cls),
            tuple(f.name for f in fields),
            frozenset(f.name for f in fields if _absent(f)),
        )
    _SHAPES[cls] = shape
    return shape


def to_json(value: Any) -> Any:
    """``value`` as JSON-ready data: dataclasses as objects (with ``kind`` where the class
    has one), tuples as lists, dict keys as they are (they are strings)."""
    cls = type(value)
    if cls in _PLAIN:
        return value
    if cls is tuple or cls is list:
        return [v if type(v) in _PLAIN else to_json(v) for v in value]
    if cls is dict:
        return {k: v if type(v) in _PLAIN else to_json(v) for k, v in value.items()}
    shape = _shape(cls)
    if shape is None:
        return value
    kind, names, optional = shape
    out: dict[str, Any] = {"kind": kind} if kind is not None else {}
    for name in names:
        v = getattr(value, name)
        if v is None and optional and name in optional:
            continue  # a field the object may leave out
        out[name] = v if type(v) in _PLAIN else to_json(v)
    return out


def from_json(cls: type[T], data: Any, where: str = "") -> T:
    """Read ``data`` (as :func:`to_json` writes it) as an instance of the dataclass
    ``cls``; :class:`DataError` names the first field that does not fit."""
    return _read(cls, data, where or cls.__name__)  # type: ignore[no-any-return]


def _read(tp: Any, data: Any, where: str) -> Any:
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        return _read_union(tp, data, where)
    if dataclasses.is_dataclass(tp):
        return _read_object(tp, data, where)
    if origin is tuple:
        return _read_tuple(tp, data, where)
    if origin is dict:
        key_type, value_type = typing.get_args(tp)
        if not isinstance(data, dict):
            raise DataError(f"{where}: expected an object, got {_describe(data)}")
        if key_type is not str:
            raise TypeError(f"{where}: only str keys are supported")
        return {
            k: _read(value_type, v, f"{where}[{k!r}]") for k, v in data.items() if _key(k, where)
        }
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise DataError(f"{where}: {_describe(data)} is not one of {typing.get_args(tp)}")
        return data
    if tp is bool:
        if type(data) is not bool:
            raise DataError(f"{where}: expected true or false, got {_describe(data)}")
        return data
    if tp is int:
        if type(data) is not int:
            raise DataError(f"{where}: expected a whole number, got {_describe(data)}")
        return data
    if tp is str:
        if type(data) is not str:
            raise DataError(f"{where}: expected a string, got {_describe(data)}")
        return data
    if tp is type(None):
        if data is not None:
            raise DataError(f"{where}: expected null, got {_describe(data)}")
        return None
    raise TypeError(f"{where}: unsupported type {tp!r}")


def _read_union(tp: Any, data: Any, where: str) -> Any:
    """One of a union's types: by ``kind`` where its classes are tagged, else the first
    that reads."""
    options = typing.get_args(tp)
    if data is None:
        if type(None) in options:
            return None
        raise DataError(f"{where}: null where a value is required")
    classes: list[Any] = [o for o in options if _tagged(o)]
    if classes and isinstance(data, dict) and "kind" in data:
        for c in classes:
            if _kind_of(c) == data["kind"]:
                return _read(c, data, where)
        raise DataError(f"{where}: unknown kind {data['kind']!r}")
    others = [o for o in options if o is not type(None)]
    if len(others) == 1:
        return _read(others[0], data, where)
    for o in others:
        try:
            return _read(o, data, where)
        except DataError:
            continue
    raise DataError(f"{where}: {_describe(data)} fits none of its types")


def _read_object(tp: Any, data: Any, where: str) -> Any:
    """A dataclass from a JSON object: no unknown field, its ``kind`` if tagged, every
    field present unless it may be absent."""
    if not isinstance(data, dict):
        raise DataError(f"{where}: expected an object, got {_describe(data)}")
    cls = typing.cast(type, tp)
    hints = _hints(cls)
    names = {f.name for f in _fields(cls)}
    extra = set(data) - names - ({"kind"} if _kind_of(cls) else set())
    if extra:
        raise DataError(f"{where}: unknown field(s) {', '.join(sorted(extra))}")
    kind = _kind_of(cls)
    if kind is not None and data.get("kind", kind) != kind:
        raise DataError(f"{where}: kind {data.get('kind')!r} is not {kind!r}")
    values: dict[str, Any] = {}
    for f in _fields(cls):
        if f.name not in data:
            if _absent(f):
                values[f.name] = None
                continue
            raise DataError(f"{where}: missing field {f.name}")
        values[f.name] = _read(hints[f.name], data[f.name], f"{where}.{f.name}")
    return cls(**values)


def _read_tuple(tp: Any, data: Any, where: str) -> Any:
    """A tuple from a JSON list: of any length (``tuple[X, ...]``) or of its types."""
    args = typing.get_args(tp)
    if not isinstance(data, list):
        raise DataError(f"{where}: expected a list, got {_describe(data)}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_read(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
    if len(args) != len(data):
        raise DataError(f"{where}: expected {len(args)} items, got {len(data)}")
    pairs = enumerate(zip(args, data, strict=True))
    return tuple(_read(a, v, f"{where}[{i}]") for i, (a, v) in pairs)


def _key(key: object, where: str) -> bool:
    if not isinstance(key, str):
        raise DataError(f"{where}: object keys must be strings")
    return True


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return f"{type(value).__name__} {text[:40]}"


# --------------------------------------------------------------------------- JSON Schema


def json_schema(
    cls: type,
    members: dict[str, list[Any]] | None = None,
    strings: dict[str, list[str]] | None = None,
    maximum: dict[str, int] | None = None,
) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``cls``'s JSON form. By ``Class.field`` name:
    ``members`` replaces the dataclass members of a field's union (a ruleset's own
    extras: its class, or none), ``strings`` gives the allowed values of a string field
    (items of a list included: the ruleset's tiles, its actions), ``maximum`` the largest
    value of an integer field (a layout's last index)."""
    writer = _SchemaWriter(members or {}, strings or {}, maximum or {})
    top = writer.build(cls)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": cls.__name__,
        **top,
        "$defs": writer.defs,
    }


class _SchemaWriter:
    """One schema's definitions, written as the types are met (see :func:`json_schema`)."""

    def __init__(
        self,
        members: dict[str, list[Any]],
        strings: dict[str, list[str]],
        maximum: dict[str, int],
    ) -> None:
        self.members, self.strings, self.maximum = members, strings, maximum
        self.defs: dict[str, Any] = {}

    def ref(self, tp: Any, owner: str) -> dict[str, Any]:
        """The schema of a field of type ``tp`` (``owner``: ``Class.field``)."""
        origin = typing.get_origin(tp)
        if tp is Any:
            return {}
        if origin in (Union, types.UnionType):
            options = list(typing.get_args(tp))
            if owner in self.members:
                options = [o for o in options if not dataclasses.is_dataclass(o)]
                options = [*self.members[owner], *options]
            return {"anyOf": [self.ref(o, owner) for o in options]}
        if dataclasses.is_dataclass(tp):
            cls = typing.cast(type, tp)
            name = cls.__name__
            if name not in self.defs:
                self.defs[name] = {}
                self.defs[name] = self.build(cls)
            return {"$ref": f"#/$defs/{name}"}
        if origin is tuple:
            return self._array(typing.get_args(tp), owner)
        if origin is dict:
            return {
                "type": "object",
                "additionalProperties": self.ref(typing.get_args(tp)[1], owner),
            }
        return self._scalar(tp, owner)

    def _array(self, args: tuple[Any, ...], owner: str) -> dict[str, Any]:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": self.ref(args[0], owner)}
        return {
            "type": "array",
            "prefixItems": [self.ref(a, owner) for a in args],
            "minItems": len(args),
            "maxItems": len(args),
        }

    def _scalar(self, tp: Any, owner: str) -> dict[str, Any]:
        if typing.get_origin(tp) is typing.Literal:
            return {"enum": list(typing.get_args(tp))}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            top = self.maximum.get(owner)
            return (
                {"type": "integer"}
                if top is None
                else {"type": "integer", "minimum": 0, "maximum": top}
            )
        if tp is str:
            allowed = self.strings.get(owner)
            return {"type": "string", "enum": allowed} if allowed else {"type": "string"}
        if tp is type(None):
            return {"type": "null"}
        raise TypeError(f"unsupported type {tp!r}")

    def build(self, cls: type) -> dict[str, Any]:
        """The schema of a dataclass: its fields, ``kind`` where tagged, which are
        required."""
        hints = _hints(cls)
        props: dict[str, Any] = {}
        kind = _kind_of(cls)
        if kind is not None:
            props["kind"] = {"const": kind}
        for f in _fields(cls):
            props[f.name] = self.ref(hints[f.name], f"{cls.__name__}.{f.name}")
            doc = f.metadata.get("doc") if f.metadata else None
            if doc:
                props[f.name] = {**props[f.name], "description": doc}
        optional = {f.name for f in _fields(cls) if _absent(f)}
        return {
            "type": "object",
            "properties": props,
            "required": [name for name in props if name not in optional],
            "additionalProperties": False,
        }


def doc(text: str, **kwargs: Any) -> Any:
    """A dataclass field with a one-line description (shown in the JSON Schema)."""
    metadata = {"doc": text, **kwargs.pop("metadata", {})}
    return dataclasses.field(metadata=metadata, **kwargs)
