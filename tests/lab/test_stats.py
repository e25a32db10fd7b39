"""The lab's intervals against published values: Wilson's score interval as Newcombe
(1998, Statistics in Medicine 17:857, table I, method 3) gives it, Student's t quantiles as
every table gives them, and the paired interval of Student's own sleep data as R's
`t.test(extra ~ group, data = sleep, paired = TRUE)` gives it."""

from __future__ import annotations

import pytest

from game.lab.stats import paired_interval, t_quantile, wilson


@pytest.mark.parametrize("successes,n,low,high", [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (29, 29, 0.8830, 1.0000),
])
def test_wilson_intervals_are_newcombes(successes, n, low, high):
    assert [round(x, 4) for x in wilson(successes, n)] == [low, high]


@pytest.mark.parametrize("df,quantile", [
    (1, 12.7062), (2, 4.3027), (3, 3.1824), (4, 2.7764), (5, 2.5706), (9, 2.2622),
    (10, 2.2281), (20, 2.0860), (30, 2.0423), (60, 2.0003), (120, 1.9799),
])
def test_t_quantiles_are_the_tables(df, quantile):
    assert round(t_quantile(0.975, df), 4) == quantile


def test_t_tends_to_the_normal():
    assert t_quantile(0.975, 100_000) == pytest.approx(1.959964, abs=1e-4)
    assert t_quantile(0.995, 1) == pytest.approx(63.6567, abs=1e-4)


def test_the_paired_interval_of_students_sleep_data_is_rs():
    # Extra hours of sleep, drug 2 minus drug 1, for each of ten patients.
    differences = [1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4]
    mean, low, high = paired_interval(differences)
    assert mean == pytest.approx(1.58)
    assert (low, high) == (pytest.approx(0.7001142, abs=1e-7), pytest.approx(2.4598858, abs=1e-7))


def test_at_two_runs_the_paired_interval_uses_t_with_one_degree_not_z():
    # One run won under B only: mean ½, standard error ½; t(0.975, 1) = 12.706, not 1.96.
    mean, low, high = paired_interval([0, 1])
    assert mean == 0.5
    assert (low, high) == (pytest.approx(0.5 - 6.3531, abs=1e-4),
                           pytest.approx(0.5 + 6.3531, abs=1e-4))


def test_no_difference_or_one_run_has_no_width():
    assert paired_interval([]) == (0.0, 0.0, 0.0)
    assert paired_interval([1]) == (1, 1, 1)
    assert paired_interval([0, 0, 0]) == (0.0, 0.0, 0.0)
