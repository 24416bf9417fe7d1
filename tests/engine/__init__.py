"""Tests of the rules engine, the worked examples and ``sw28 odds``."""
