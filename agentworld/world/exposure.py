"""Exposure: weather that wears players down, and what keeps it off (map.yaml `exposures`).

A task turns exposures on (`world.exposure`, `World.add_exposure`); a task that names none never
reaches this module's work, so the open world and every other task play exactly as before.

At the end of every round (`World.end_round`, after the mobs have acted), every living player standing
in an area of an active exposure (its `regions` and `rects`) loses

    loss       = max(0, damage - protection)
    protection = worn + shelter
    worn       = the sum over the player's equipment of each item's `protects[kind]`
    shelter    = the best `protects[kind]` of a finished site within its `radius` (Chebyshev) that
                 stands (a windbreak) or burns (a fire lit through the end of this round)

as a `damage` event naming the exposure (`hazard`), its full `damage`, the protection (`kept`) and what
gave it (`kept_by`: the worn items and the shelter; `kept_by_actions`: the actions that equipped them and that
finished or last fed the shelter), so a causal judge can trace both the harm and the help. At 0 HP the
player dies (`death`, by the exposure). Two exposures over one tile each strike.

A fire (a shelter with `fuel`) finished in round r burns through the end of round r + burns - 1; each
`build` on it holding a unit of its fuel feeds one unit and adds `burns` rounds: lit_until =
max(lit_until, round - 1) + burns, so fuel fed early is never wasted.

The audit's bound (docs/AUDIT.md, "Exposure"): a player who builds at a site every tile within reach of
which lies in the area ends that round in the area, so each such build costs it at least the damage
minus the best protection it could have.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .core import WorldCore
from .entities import Player, Shelter, Site
from .pathfinding import chebyshev

if TYPE_CHECKING:
    from .content import Content, Exposure


def in_area(exposure: Exposure, content: Content, x: int, y: int) -> bool:
    """Whether tile (x, y) lies in one of the exposure's regions or rectangles."""
    if any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in exposure.rects):
        return True
    return bool(exposure.regions) and content.map.region_at(x, y) in exposure.regions


def shelter_of(site_spec) -> Shelter | None:
    """The engine's Shelter for a task's site spec (tasks.ShelterSpec), or None."""
    spec = site_spec.shelter
    if spec is None:
        return None
    return Shelter(dict(spec.protects), spec.radius, spec.fuel, spec.burns)


class Exposing(WorldCore):
    """Mixin of World (see engine.py): the exposures' toll at the end of a round, and fires."""

    def add_exposure(self, exposure_id: str) -> None:
        """Turn on an exposure of the content for this episode (a task's `world.exposure`)."""
        if exposure_id not in self.content.exposures:
            raise ValueError(f"add_exposure: unknown exposure '{exposure_id}'")
        if exposure_id not in self.exposures:
            self.exposures.append(exposure_id)

    def _expose(self) -> None:
        """Every active exposure takes its toll of the living players in its area (module docstring)."""
        for exposure_id in self.exposures:
            spec = self.content.exposures[exposure_id]
            for p in self.players.values():
                if not p.alive or not in_area(spec, self.content, p.x, p.y):
                    continue
                kept, by, actions = self._protection(p, spec.kind)
                loss = max(0, spec.damage - kept)
                if loss:
                    self._hurt(
                        p,
                        loss,
                        exposure_id,
                        {"hazard": exposure_id},
                        {"damage": spec.damage, "kept": kept, "kept_by": by, "kept_by_actions": actions},
                    )

    def _protection(self, p: Player, kind: str) -> tuple[int, list[str], list[int]]:
        """(HP kept off a round, the items and site that keep it off, their actions) for `p` now."""
        items = self.content.items
        kept, by, actions = 0, [], []
        for slot, item in p.equipment.items():
            amount = items[item].protects.get(kind, 0) if item is not None else 0
            if amount:
                kept += amount
                by.append(item)
                origin = p.equip_origin.get(slot)
                if origin is not None:
                    actions.append(origin)
        site = self._best_shelter(p, kind)
        if site is not None:
            kept += site.shelter.protects[kind]
            by.append(site.id)
            actions.append((site.fed_by or site.builders)[-1])
        return kept, by, actions

    def _best_shelter(self, p: Player, kind: str) -> Site | None:
        best = None
        for site in self.sites.values():
            shelter = site.shelter
            if (
                shelter is not None
                and site.complete
                and shelter.protects.get(kind, 0) > 0
                and chebyshev((p.x, p.y), (site.x, site.y)) <= shelter.radius
                and self._standing(site)
                and (best is None or shelter.protects[kind] > best.shelter.protects[kind])
            ):
                best = site
        return best

    def _standing(self, site: Site) -> bool:
        """A finished windbreak stands; a fire burns through the end of round `lit_until`."""
        return site.shelter.fuel is None or (site.lit_until is not None and site.lit_until >= self.round)

    def _light(self, site: Site) -> None:
        """A fire just finished: it burns from this round (construction.py calls it on completion)."""
        if site.shelter is not None and site.shelter.burns is not None:
            site.lit_until = self.round + site.shelter.burns - 1

    def _feed(self, p: Player, site: Site, aid: int) -> str:
        """`build` on a finished fire: one unit of its fuel from the inventory, `burns` rounds more."""
        fuel = site.shelter.fuel
        self._need_items(p, fuel, 1, f"feed {site.id}")
        self._lose(p, fuel, 1, aid)
        site.lit_until = max(site.lit_until or 0, self.round - 1) + site.shelter.burns
        site.fed_by.append(aid)
        self._ev("site_fed", p.name, aid, site=site.id, fuel=fuel, lit_until=site.lit_until)
        return f"you feed 1 {fuel} to {site.id}: it burns through the end of round {site.lit_until}"

    def exposure_note(self, p: Player) -> str:
        """What the active exposures do to `p` where it stands (the observation's region line), or ''."""
        notes = []
        for exposure_id in self.exposures:
            spec = self.content.exposures[exposure_id]
            if in_area(spec, self.content, p.x, p.y):
                kept, by, _ = self._protection(p, spec.kind)
                shield = (
                    f", {min(kept, spec.damage)} kept off by {', '.join(by)}"
                    if kept
                    else ", nothing keeps it off"
                )
                notes.append(f"{spec.name}: {spec.kind} costs {spec.damage} HP a round here{shield}")
        return "; ".join(notes)
