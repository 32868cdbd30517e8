"""Yearly rainfall per city, on a figure too narrow for the names."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(4, 3))
ax.bar(data["city"], data["rain_mm"], color="#0072b2")
ax.set_title("Yearly rainfall")
ax.set_xlabel("city")
ax.set_ylabel("rainfall (mm)")
fig.tight_layout()
