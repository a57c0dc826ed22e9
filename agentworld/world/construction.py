"""Construction sites: deliver materials, then work, then the site is done (a finished fire is fed
by building on it again: exposure.py)."""

from __future__ import annotations

from .common import ActionError, fmt_items, suggest
from .entities import Player, Site
from .core import WorldCore


class Construction(WorldCore):
    """Mixin of World (see engine.py): uses its state, events (_ev) and links (_link)."""

    def _do_build(self, p: Player, args: dict, aid: int) -> str:
        sid = self._arg_str(args, "site")
        site = self.sites.get(sid) or self.sites.get(f"site#{sid}")
        if site is None:
            raise ActionError(f"unknown site '{sid}'{suggest(sid, self.sites)}")
        self._in_range(
            p, site, self.rules.interact_range, "build"
        )  # first: a far site's state is not in view
        if site.complete:
            if site.shelter is not None and site.shelter.fuel is not None:
                return self._feed(p, site, aid)
            raise ActionError(f"{site.id} is already complete")
        deliver = {
            i: min(n, p.inventory.count(i)) for i, n in site.materials.items() if p.inventory.count(i) > 0
        }
        if deliver:
            for item, n in deliver.items():
                self._lose(p, item, n, aid)
                site.materials[item] -= n
                if site.materials[item] <= 0:
                    del site.materials[item]
            site.builders.append(aid)
            self._ev(
                "site_progress",
                p.name,
                aid,
                site=site.id,
                delivered=deliver,
                remaining=dict(site.materials),
                work_done=site.work_done,
                work=site.work,
            )
            msg = f"delivered {fmt_items(deliver)} to {site.id}"
            if site.materials:
                return f"{msg}; it still needs {fmt_items(site.materials)}"
            if site.work > 0:
                return f"{msg}; all materials are in: {site.work} work point(s) to go (build again)"
            self._complete_site(p, site, aid)
            return f"{msg}; {site.id} is complete!"
        if site.materials:
            raise ActionError(f"{site.id} still needs {fmt_items(site.materials)} and you carry none of it")
        if site.skill is not None and p.skills.get(site.skill, 1) < site.level:
            raise ActionError(
                f"you need {site.skill} {site.level} to work on {site.id} "
                f"(you have {p.skills.get(site.skill, 1)})"
            )
        site.work_done += 1
        site.builders.append(aid)
        self._ev(
            "site_progress",
            p.name,
            aid,
            site=site.id,
            delivered={},
            remaining={},
            work_done=site.work_done,
            work=site.work,
        )
        if site.work_done >= site.work:
            self._complete_site(p, site, aid)
            return f"worked on {site.id}: it is complete!"
        return f"worked on {site.id}: {site.work_done}/{site.work} work done"

    def _complete_site(self, p: Player, site: Site, aid: int) -> None:
        site.complete = True
        self._light(site)
        for b in site.builders:
            if b != aid:
                self._link(b, "labor", f"built {site.id}")
        self._ev("site_done", p.name, aid, site=site.id, builders=list(site.builders))
