"""One self-contained HTML page from the report's tables and figures.

Everything is inline: the style sheet, the figures (inline SVG). The page fetches nothing, so it
can be mailed or attached to a paper's artefacts. Numeric cells carry their value and interval as
`data-value`, `data-low` and `data-high`, and what they measure as `data-key`; table rows carry
`data-row` (the eval, category or role), so tools and tests can read the numbers back exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from agentworld.report.tables import Cell, Table

STYLE = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2430; margin: 0;
       background: #f6f7f9; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 32px 0 8px; border-bottom: 1px solid #d8dce3;
     padding-bottom: 4px; }
p.meta, p.note { color: #5a6472; margin: 4px 0 10px; font-size: 13px; }
table { border-collapse: collapse; background: #fff; margin: 8px 0 4px; box-shadow: 0 1px 2px #0001; }
caption { text-align: left; font-weight: 600; padding: 6px 0; }
th, td { padding: 5px 10px; border: 1px solid #e1e4ea; text-align: right; white-space: nowrap; }
th { background: #eef1f5; font-weight: 600; } td:first-child, th:first-child, td:not([data-value]) { text-align: left; }
tbody tr:nth-child(even) td { background: #fafbfc; }
figure { background: #fff; margin: 10px 0; padding: 8px; box-shadow: 0 1px 2px #0001; overflow-x: auto; }
figcaption { color: #5a6472; font-size: 13px; } figure svg { max-width: 100%; height: auto; }
ul.evals li { margin: 2px 0; } code { background: #eef1f5; padding: 0 4px; border-radius: 3px; }
"""


@dataclass
class Figure:
    """A figure of the page: its id, caption and inline SVG."""

    id: str
    caption: str
    svg: str


@dataclass
class Section:
    """A heading with its tables, figures and a note for what is missing."""

    id: str
    heading: str
    tables: list[Table]
    figures: list[Figure]
    missing: str = ""  # said when there are no tables and no figures


def _cell(cell: Cell) -> str:
    attrs = "".join(
        f' data-{name}="{value!r}"'
        for name, value in (("value", cell.value), ("low", cell.low), ("high", cell.high))
        if value is not None
    )
    if cell.key:
        attrs += f' data-key="{escape(cell.key)}"'
    return f"<td{attrs}>{escape(cell.text)}</td>"


def table_html(table: Table) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
    rows = []
    for i, row in enumerate(table.rows):
        key = f' data-row="{escape(table.row_keys[i])}"' if i < len(table.row_keys) else ""
        rows.append(f"<tr{key}>{''.join(_cell(c) for c in row)}</tr>")
    note = f'<p class="note">{escape(table.note)}</p>' if table.note else ""
    return (
        f'<table id="{escape(table.id)}"><caption>{escape(table.title)}</caption><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>{note}"
    )


def figure_html(figure: Figure) -> str:
    return f'<figure id="{escape(figure.id)}">{figure.svg}<figcaption>{escape(figure.caption)}</figcaption></figure>'


def page(title: str, intro: list[str], sections: list[Section]) -> str:
    """The whole page: title, one line per eval, then the sections in order."""
    body = [
        f"<h1>{escape(title)}</h1>",
        '<ul class="evals">',
        *[f"<li>{line}</li>" for line in intro],
        "</ul>",
    ]
    for s in sections:
        body.append(f'<section id="section-{escape(s.id)}"><h2>{escape(s.heading)}</h2>')
        body += [table_html(t) for t in s.tables] + [figure_html(f) for f in s.figures]
        if not s.tables and not s.figures and s.missing:
            body.append(f'<p class="note">{escape(s.missing)}</p>')
        body.append("</section>")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{escape(title)}</title>'
        f"<style>{STYLE}</style></head><body><main>{''.join(body)}</main></body></html>\n"
    )
