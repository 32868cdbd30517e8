"""Two groups, told apart by colour (blue and orange) and by marker shape."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(6.5, 4.5))
ax.scatter(data["height_a"], data["weight_a"], color="#0072b2", marker="o", label="group A")
ax.scatter(data["height_b"], data["weight_b"], color="#e69f00", marker="^", label="group B")
ax.set_title("Height and weight by group")
ax.set_xlabel("height (cm)")
ax.set_ylabel("weight (kg)")
ax.legend(loc="upper left")
fig.tight_layout()
