"""Task 03, Market Day: one vial of murex dye, two makers who could use it, and a market without credit.

Objective: the tailor ends holding the mayor's robe and the banner maker the town banner, with
nobody's worth (coins plus goods at the market's prices) ever falling (`fair_exchange`: the market
gives no credit, so every exchange is a trade at the prices, paid on the spot).

Why each role is needed: the dye merchant holds the only murex dye (no shop, node or mob gives one)
and is the only one who can cut woad (foraging 45, by hand; the others have none); the tailor alone
can sew the robe (crafting 55, at the loom), whose recipe takes murex and nothing else; the banner
maker is named by the outcome. The negotiation: the banner's recipe takes the murex too, and it is
the cheaper way (one vial at 120 against six woad at 40), so the banner maker must learn that the
tailor cannot do without the vial and pay for the dearer woad. If the banner maker takes the vial,
the robe can never be made.

Success (task file): the two holdings and no fall of worth. Checkpoints (`when:` conditions): the
tailor holds the dye, the robe exists, the woad is cut, the banner maker holds it.
Legal alternatives that pass: the makers make the offers and the merchant accepts; the trades in
either order. Gifts fail: a gift lowers the giver's worth at once, and paying it back later lowers
the payer's.
"""

CHECKPOINTS: dict = {}
