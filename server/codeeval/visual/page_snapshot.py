"""A rendered page as the browser laid it out: elements, text runs, boxes and computed styles.

Built from Chromium's `DOMSnapshot.captureSnapshot` (the browser's own layout
and style computation, which the page's scripts cannot intercept, unlike
anything measured by JavaScript inside the page).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .geometry import Box

STYLES = (
    "color",
    "background-color",
    "background-image",
    "font-size",
    "font-weight",
    "visibility",
    "display",
    "opacity",
    "overflow-x",
)
TEXT_NODE = 3


@dataclass
class Node:
    index: int
    parent: int
    name: str  # "DIV", "#text"
    attributes: dict[str, str]
    clickable: bool
    value: str  # an input's value
    checked: bool
    box: Box | None = None  # None: not laid out (display: none, or in <head>)
    styles: dict[str, str] = field(default_factory=dict)
    text: str = ""  # a text node's rendered text
    text_boxes: list[Box] = field(default_factory=list)  # one per line of a text node
    backend_id: int = 0  # the browser's id for the node (DOM.getNodeForLocation answers with it)

    @property
    def visible(self) -> bool:
        if self.box is None or self.box.width <= 0 or self.box.height <= 0:
            return False
        opacity = _float(self.styles.get("opacity", "1"), 1.0)
        return self.styles.get("visibility", "visible") == "visible" and opacity > 0.05

    @property
    def font_px(self) -> float:
        return _float(self.styles.get("font-size", "16px").removesuffix("px"), 16.0)

    @property
    def bold(self) -> bool:
        return _float(self.styles.get("font-weight", "400"), 400.0) >= 600


@dataclass
class PageSnapshot:
    nodes: list[Node]
    width: float  # the viewport's
    height: float
    content_width: float
    content_height: float
    scroll_x: float = 0.0  # where the window is scrolled to (boxes are in page coordinates)
    scroll_y: float = 0.0

    def ancestors(self, node: Node) -> list[Node]:
        chain, index = [], node.parent
        while 0 <= index < len(self.nodes):
            chain.append(self.nodes[index])
            index = self.nodes[index].parent
        return chain

    def element_of(self, node: Node) -> Node:
        """A text node's element (itself for elements)."""
        return self.nodes[node.parent] if node.name == "#text" and 0 <= node.parent < len(self.nodes) else node

    def texts(self) -> list[Node]:
        return [n for n in self.nodes if n.name == "#text" and n.text.strip() and n.visible]

    def label(self, node: Node) -> str:
        """`button#save.primary "Save"`: how the report names an element."""
        element = self.element_of(node)
        name = element.name.lower()
        if element.attributes.get("id"):
            name += f"#{element.attributes['id']}"
        classes = element.attributes.get("class", "").split()
        if classes:
            name += "." + ".".join(classes[:2])
        text = (node.text if node.name == "#text" else self.text_of(element)).strip()
        return f'{name} "{text[:40]}"' if text else name

    def text_of(self, element: Node) -> str:
        inside = {element.index}
        parts = []
        for node in self.nodes[element.index + 1 :]:
            if node.parent not in inside:
                continue
            inside.add(node.index)
            if node.name == "#text" and node.visible:
                parts.append(node.text)
        return " ".join(p.strip() for p in parts if p.strip())

    def descendants(self, element: Node) -> set[int]:
        inside = {element.index}
        for node in self.nodes[element.index + 1 :]:
            if node.parent in inside:
                inside.add(node.index)
        return inside


def _float(text: Any, default: float) -> float:
    try:
        return float(text)
    except (TypeError, ValueError):
        return default


def _string(strings: list[str], index: Any) -> str:
    return strings[index] if isinstance(index, int) and 0 <= index < len(strings) else ""


def _box(raw: Any) -> Box | None:
    if not isinstance(raw, list) or len(raw) < 4:
        return None
    x, y, w, h = (_float(v, 0.0) for v in raw[:4])
    return Box(x, y, x + w, y + h)


def parse_snapshot(raw: dict, width: float, height: float) -> PageSnapshot:
    """The first document of a `DOMSnapshot.captureSnapshot` reply (asked for STYLES, in that order)."""
    strings = raw.get("strings", [])
    document = raw["documents"][0]
    tree = document["nodes"]
    clickable = set(tree.get("isClickable", {}).get("index", []))
    inputs = tree.get("inputValue", {})
    values = dict(zip(inputs.get("index", []), inputs.get("value", []), strict=False))
    texts = tree.get("textValue", {})  # a textarea's value is reported apart from inputs'
    values.update(zip(texts.get("index", []), texts.get("value", []), strict=False))
    checked = set(tree.get("inputChecked", {}).get("index", []))
    backend_ids = tree.get("backendNodeId", [])
    nodes = []
    for index, parent in enumerate(tree["parentIndex"]):
        flat = tree["attributes"][index] if index < len(tree.get("attributes", [])) else []
        attributes = {
            _string(strings, flat[i]).lower(): _string(strings, flat[i + 1]) for i in range(0, len(flat) - 1, 2)
        }
        nodes.append(
            Node(
                index=index,
                parent=parent,
                name=_string(strings, tree["nodeName"][index]),
                attributes=attributes,
                clickable=index in clickable,
                value=_string(strings, values.get(index)),
                checked=index in checked,
                backend_id=backend_ids[index] if index < len(backend_ids) else 0,
            )
        )
    layout = document["layout"]
    by_layout: dict[int, Node] = {}
    for position, node_index in enumerate(layout["nodeIndex"]):
        node = nodes[node_index]
        node.box = _box(layout["bounds"][position])
        styles = layout["styles"][position]
        node.styles = {name: _string(strings, value) for name, value in zip(STYLES, styles, strict=False)}
        text_index = layout["text"][position] if position < len(layout.get("text", [])) else -1
        node.text = _string(strings, text_index) if node.name == "#text" else ""
        by_layout[position] = node
    boxes = document.get("textBoxes", {})
    for layout_index, bounds in zip(boxes.get("layoutIndex", []), boxes.get("bounds", []), strict=False):
        owner, box = by_layout.get(layout_index), _box(bounds)
        if owner is not None and box is not None:
            owner.text_boxes.append(box)
    return PageSnapshot(
        nodes=nodes,
        width=width,
        height=height,
        content_width=_float(document.get("contentWidth"), width),
        content_height=_float(document.get("contentHeight"), height),
        scroll_x=_float(document.get("scrollOffsetX"), 0.0),
        scroll_y=_float(document.get("scrollOffsetY"), 0.0),
    )
