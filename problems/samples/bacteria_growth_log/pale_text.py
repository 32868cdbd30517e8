"""Cell counts per hour on a logarithmic axis, every text in a pale grey."""
import matplotlib.pyplot as plt

pale = "#c8c8c8"
fig, ax = plt.subplots(figsize=(7, 4.5))
ax.plot(data["hour"], data["cells"], marker="o", color="#0072b2", label="cells")
ax.set_yscale("log")
ax.set_title("Bacterial growth", color=pale)
ax.set_xlabel("time (hours)", color=pale)
ax.set_ylabel("cells per mL", color=pale)
ax.tick_params(which="both", labelcolor=pale)
ax.grid(alpha=0.3, which="both")
fig.tight_layout()
