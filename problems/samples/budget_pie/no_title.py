"""The budget as a pie, but with no title and nothing naming the slices."""
import matplotlib.pyplot as plt

ax = df["share"].plot.pie(figsize=(6, 5), startangle=90, counterclock=False, labels=None,
                          colors=["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9"])
ax.set_ylabel("")
plt.tight_layout()
