"""Escarmouche: a terminal tactical skirmish game on a French percentile RPG's rules."""
