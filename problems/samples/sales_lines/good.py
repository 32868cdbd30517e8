"""Monthly sales of apples and pears, one line each."""
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(7, 4.5))
ax.plot(data["month"], data["apples"], label="apples", color="#0072b2", marker="o")
ax.plot(data["month"], data["pears"], label="pears", color="#e69f00", marker="s")
ax.set_title("Units sold per month")
ax.set_xlabel("month")
ax.set_ylabel("units sold")
ax.set_xticks(data["month"])
ax.legend(loc="lower center")
ax.grid(alpha=0.3)
fig.tight_layout()
