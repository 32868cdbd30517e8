"""Monthly sales of apples and pears, one line each (reads a column that is not there)."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(7, 4.5))
ax.plot(data["month"], data["apples"], label="apples")
ax.plot(data["month"], data["plums"], label="pears")
ax.set_title("Units sold per month")
ax.legend()
