"""Two groups, but with weight on the x axis and height on the y axis."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(6.5, 4.5))
ax.scatter(data["weight_a"], data["height_a"], color="#0072b2", marker="o", label="group A")
ax.scatter(data["weight_b"], data["height_b"], color="#e69f00", marker="^", label="group B")
ax.set_title("Height and weight by group")
ax.set_xlabel("weight (kg)")
ax.set_ylabel("height (cm)")
ax.legend(loc="upper left")
fig.tight_layout()
