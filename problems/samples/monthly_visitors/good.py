"""Visitors per month, drawn by make_plot and returned as a Figure."""
import matplotlib.pyplot as plt


def make_plot(data):
    """The line chart of visitors per month, the y axis from zero."""
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(data["month"], data["visitors"], marker="o", color="#0072b2")
    ax.set_ylim(bottom=0)
    ax.set_title("Museum visitors per month")
    ax.set_xlabel("month")
    ax.set_ylabel("visitors")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig
