"""Visitors per month, the months drawn as numbers 1 to 12; returns the Axes."""
import matplotlib.pyplot as plt


def make_plot(data):
    """The line chart of visitors against the month's number."""
    fig, ax = plt.subplots(figsize=(8, 4.5))
    months = list(range(1, len(data["month"]) + 1))
    ax.plot(months, data["visitors"], marker="o", color="#0072b2")
    ax.set_xticks(months)
    ax.set_ylim(bottom=0)
    ax.set_title("Museum visitors per month")
    ax.set_xlabel("month")
    ax.set_ylabel("visitors")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return ax
