"""Task 09, The Harvest Fair: three guild rings of makers and the fair's dyer, in a market without credit.

Objective: every trader ends holding what it came for (each guild member the goods another member of
its guild makes; the dyer 28 woad; each woad cutter the coins for its woad), with nobody's worth
(coins plus goods at the market's prices) ever falling (`fair_exchange`: no credit, every exchange a
trade at the prices, paid on the spot).

Why each role is needed: each guild member is the only one who can gather its raw good (a rare node at
level 45-50 the task places beside it: heartwood, ghostpine, wild silk, starsilver, emberstone,
blackglass, stormeel, sunroot, frostgill) and, for most, the only one who knows the recipe that makes
its guild's goods (level 45-50, beyond every trainer); in each ring of three nobody needs what the one
beside it brings, so goods must pass on through one member, each swap evened in coins at the
market's prices. The dyer needs more woad (28) than one agent can cut in the budget (one a turn by
hand), so both woad cutters are needed. Nobody is told who holds what: each says in the market.

Success (task file): the holdings and no fall of worth. Checkpoints (`when:` conditions): a cutter's
woad is cut and paid for, half the woad is with the dyer, a guild member has its goods.
Legal alternatives that pass: the other side makes each offer; the hub of a ring another member.
Gifts fail: a gift lowers the giver's worth at once.
"""

CHECKPOINTS: dict = {}
