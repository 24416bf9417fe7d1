"""The player's kit: squad lists checked by the rules engine, and rolled missions.

- :mod:`.references`: rule IDs printed as "(C2.3, Vol. 1, p. 9)", pages from the last build
- :mod:`.catalogue`: every item, contract and result a squad file may name, by key or by name
- :mod:`.squad`: the squad file format, its checks and its summary
- :mod:`.mission`: the Mission Generator's rolls, deterministic for a seed
"""
