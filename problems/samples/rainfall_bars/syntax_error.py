"""Yearly rainfall per city (a missing parenthesis)."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(8, 4.5)
ax.bar(data["city"], data["rain_mm"])
ax.set_title("Yearly rainfall")
