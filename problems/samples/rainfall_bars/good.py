"""Yearly rainfall per city; the names are tilted just enough to stay apart."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(8, 4.5))
ax.bar(data["city"], data["rain_mm"], color="#0072b2")
ax.set_title("Yearly rainfall")
ax.set_xlabel("city")
ax.set_ylabel("rainfall (mm)")
ax.tick_params(axis="x", labelrotation=30)
fig.tight_layout()
