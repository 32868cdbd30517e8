"""A budget pie with a title and legend, but last month's shares."""
import matplotlib.pyplot as plt

last_month = [30, 25, 15, 15, 15]
fig, ax = plt.subplots(figsize=(6, 5))
ax.pie(last_month, startangle=90, counterclock=False, autopct="%d%%",
       colors=["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9"])
ax.set_title("Monthly budget")
ax.legend(data["item"], loc="center left", bbox_to_anchor=(1.0, 0.5))
fig.tight_layout()
