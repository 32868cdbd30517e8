"""Cell counts per hour on a logarithmic axis."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(7, 4.5))
ax.plot(data["hour"], data["cells"], marker="o", color="#0072b2", label="cells")
ax.set_yscale("log")
ax.set_title("Bacterial growth")
ax.set_xlabel("time (hours)")
ax.set_ylabel("cells per mL")
ax.grid(alpha=0.3, which="both")
fig.tight_layout()
