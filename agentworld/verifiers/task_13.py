"""Task 13, The Saltreach Harbour Market: twenty traders of three harbours, three ships and a hold of
oysters, in a market without credit (the paper's twenty-agent maritime trade).

Objective: every trader ends holding what it came for, with nobody's worth (coins plus goods at the
market's prices) ever falling (`fair_exchange`: no credit, every exchange a trade at the prices,
paid on the spot).

The harbours: the Saltreach quay, Gullwatch Pier and the lighthouse strand. Each ship's master
carries coins, buys what its harbour's producers gather (salt, amber and sunroot at the quay;
driftwood and woad at the pier; dawnlilies, pearls and stormeels at the strand), sails (walks) it
to the next harbour, and sells it to a merchant there who pays in its own goods (nets and crab,
torches and stormeels, silk robes and wild silk, part of them gathered on the spot), which the master
takes home: the producers want coins, and no merchant has the coins to pay even one of them, so the
ships are the only way their goods meet. The Heron's purser buys 30 oysters at the
pier, more than one agent can pick in the budget (one a turn, by hand), so both pickers are needed.
Three more traders at the quay swap round a ring (blackglass, heartwood, wild silk), evened in coins.

Why each role is needed: every producer is the only one (or, for the oysters, one of two needed for
the volume) who can gather its good, a node the task places at level 45-50, far beyond any trainer;
the masters, merchants and purser are named by the outcome, and nobody is told who holds what.
Success (task file): the holdings and no fall of worth. Checkpoints (`when:` conditions) follow the
oysters and the ships' cargoes.
Legal alternatives that pass: the other side makes each offer. Gifts fail: a gift lowers the giver's
worth at once, and paying it back later lowers the payer's.
"""

CHECKPOINTS: dict = {}
