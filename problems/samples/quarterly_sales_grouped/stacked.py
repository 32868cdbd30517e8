"""North and South sales per quarter, but stacked: South starts where North ends."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(7, 4.5))
ax.bar(data["quarter"], data["north"], 0.6, label="North", color="#0072b2")
ax.bar(data["quarter"], data["south"], 0.6, bottom=data["north"], label="South", color="#e69f00", hatch="//")
ax.set_title("Sales by quarter")
ax.set_xlabel("quarter")
ax.set_ylabel("sales (thousands)")
ax.legend(title="Region", loc="upper left")
ax.set_ylim(0, 380)
fig.tight_layout()
