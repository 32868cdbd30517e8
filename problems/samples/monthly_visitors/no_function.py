"""Visitors per month drawn at the top level: no make_plot to call."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(8, 4.5))
ax.plot(data["month"], data["visitors"], marker="o", color="#0072b2")
ax.set_ylim(bottom=0)
ax.set_title("Museum visitors per month")
ax.set_xlabel("month")
ax.set_ylabel("visitors")
fig.tight_layout()
