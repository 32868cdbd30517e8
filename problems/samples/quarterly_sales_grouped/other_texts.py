"""Grouped bars as asked, but a title and a legend in words of its own."""
import matplotlib.pyplot as plt

positions = range(len(data["quarter"]))
width = 0.4
fig, ax = plt.subplots(figsize=(7, 4.5))
ax.bar([p - width / 2 for p in positions], data["north"], width, label="North", color="#0072b2")
ax.bar([p + width / 2 for p in positions], data["south"], width, label="South", color="#e69f00", hatch="//")
ax.set_xticks(list(positions), data["quarter"])
ax.set_title("Quarterly sales (k)")
ax.set_xlabel("quarter")
ax.set_ylabel("sales (thousands)")
ax.legend(title="Sales region", loc="upper left")
ax.set_ylim(0, 200)
fig.tight_layout()
