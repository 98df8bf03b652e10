"""A table row's cells are made in Python in one piece (ttools.publish.build._cells_html) rather
than by the page template cell by cell. They must be exactly what the template wrote: the
template line it replaced is kept here as the reference, rendered by Jinja with the site's own
environment, on rows of every kind of cell a report holds, texts that need escaping among them."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import jinja2
from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.publish import build as B
from ttools.publish.pages import Link, cell_text, is_number

# the row of _blocks.html before the cells were made in Python (the cells as its _Rows gave them)
REFERENCE = (
    "{% for c in r.cells %}<td{% if c.num or c.color %} class=\"{{ 'num' if c.num }}{{ ' ' if c.num and c.color }}"
    "{{ c.color if c.color in ('red',) }}\"{% endif %}{% if loop.index0 < t.header|length %} data-label=\""
    '{{ t.header[loop.index0] }}"{% endif %}>{% if c.href %}<a href="{{ c.href }}">{{ c.text }}</a>'
    "{% else %}{{ c.text }}{% endif %}</td>{% endfor %}"
)


def _template() -> jinja2.Template:
    env = jinja2.Environment(
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    return env.from_string(REFERENCE)


TEMPLATE = _template()


def reference(block) -> list[str]:
    fmt, colors = dict(block.number_format), block.colors
    header = [str(h) for h in block.header]
    out = []
    for i, row in enumerate(block.rows):
        cells = [
            {
                "text": cell_text(v, fmt.get(c)),
                "href": f"{v.slug}.html" if isinstance(v, Link) else None,
                "num": is_number(v),
                "color": colors.get((i, c)) if colors else None,
            }
            for c, v in enumerate(row)
        ]
        out.append(TEMPLATE.render(r={"cells": cells}, t={"header": header}))
    return out


class Block:
    def __init__(self, header, rows, number_format=None, colors=None):
        self.header, self.rows = header, rows
        self.number_format = number_format or {}
        self.colors = colors or {}
        self.highlight = frozenset()


texts = st.one_of(
    st.sampled_from(["", "7", "7=", "12=", "=7", "A&B", "<script>alert(1)</script>", '"q"', "it's", "中華台北", "♥10"]),
    st.text(alphabet="ab1=&<>\"' 中", max_size=6),
)
values = st.one_of(
    texts,
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.booleans(),
    st.none(),
    st.fractions(max_denominator=7),
    st.decimals(allow_nan=False, allow_infinity=False, places=2, min_value=-1000, max_value=1000),
    st.builds(Link, texts, st.sampled_from(["player-1", "r2", "a&b"])),
)


@settings(max_examples=300, deadline=None)
@given(
    header=st.lists(texts, max_size=5),
    rows=st.lists(st.lists(values, max_size=6), min_size=1, max_size=4),
    formats=st.dictionaries(st.integers(0, 5), st.sampled_from(["0.00", "0.0000", "+0;-0;0", "0"]), max_size=3),
    colors=st.dictionaries(
        st.tuples(st.integers(0, 3), st.integers(0, 5)), st.sampled_from(["red", "black", ""]), max_size=4
    ),
)
def test_a_row_is_what_the_template_wrote(header, rows, formats, colors):
    block = Block(header, rows, formats, colors)
    assert [str(r["html"]) for r in B._Rows(block)] == reference(block)


def test_named_cases():
    block = Block(
        ["名次", "隊伍", "分"],
        [
            [1, Link("A<&>", "team-a"), Fraction(7, 2), "extra"],
            ["2=", 'it\'s "B"', Decimal("3.50"), None],
            [True, "♥10", 2.0],
        ],
        number_format={2: "0.00"},
        colors={(2, 1): "red", (1, 0): "black"},
    )
    got = [str(r["html"]) for r in B._Rows(block)]
    assert got == reference(block)
    assert got[0] == (
        '<td class="num" data-label="名次">1</td><td data-label="隊伍"><a href="team-a.html">A&lt;&amp;&gt;</a></td>'
        '<td class="num" data-label="分">3.50</td><td>extra</td>'
    )
    assert got[1].startswith(
        '<td class="num " data-label="名次">2=</td><td data-label="隊伍">it&#39;s &#34;B&#34;</td>'
    )
    assert (
        got[2]
        == '<td data-label="名次">TRUE</td><td class="red" data-label="隊伍">♥10</td><td class="num" data-label="分">2.00</td>'
    )
