"""Two groups, told apart only by a red and a green of similar lightness."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(6.5, 4.5))
ax.scatter(data["height_a"], data["weight_a"], color="#d62728", marker="o", label="group A")
ax.scatter(data["height_b"], data["weight_b"], color="#2ca02c", marker="o", label="group B")
ax.set_title("Height and weight by group")
ax.set_xlabel("height (cm)")
ax.set_ylabel("weight (kg)")
ax.legend(loc="upper left")
fig.tight_layout()
