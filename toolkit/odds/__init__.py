"""Exact odds for the decisions the games pose, built on `toolkit.dice` and the rules engines.

Each game module enumerates every roll or draw that can happen, calls the game's own pure rules
functions for each (never a re-implementation of a rule), and weighs the outcomes exactly.
Results are dicts of exact `Fraction`s: yes/no outcomes as `p_<name>`, numeric outcomes as
`<name>_distribution`; `toolkit.output.to_jsonable` turns them into JSON.
"""
