"""The budget as a pie, through pandas, with a title and a legend of the items."""
import matplotlib.pyplot as plt

ax = df.set_index("item")["share"].plot.pie(figsize=(6, 5), autopct="%d%%", startangle=90, counterclock=False,
                                            colors=["#f0e442", "#e69f00", "#009e73", "#cc79a7", "#56b4e9"],
                                            labels=None)
ax.set_ylabel("")
ax.set_title("Monthly budget")
ax.legend(df["item"], loc="center left", bbox_to_anchor=(1.0, 0.5))
plt.tight_layout()
