"""The sign-up page, written by Python: render() returns the whole document."""

TOPICS = ["new releases", "tutorials", "community news"]

STYLE = """
body { font-family: system-ui, sans-serif; margin: 0; padding: 2rem 1rem; color: #1b1b1b; background: #fff; }
main { max-width: 32rem; margin: 0 auto; }
form { display: flex; flex-wrap: wrap; gap: .5rem; }
input { flex: 1 1 14rem; font-size: 1rem; padding: .6rem; border: 1px solid #57606a; border-radius: .4rem; }
button { font-size: 1rem; padding: .6rem 1.2rem; border: 0; border-radius: .4rem; background: #1a5fb4; color: #fff; }
#thanks { color: #1a7f37; font-weight: 600; }
"""

SCRIPT = """
document.getElementById("signup").addEventListener("submit", event => {
  event.preventDefault();
  const email = document.getElementById("email").value.trim();
  if (email.includes("@")) {
    document.getElementById("thanks").hidden = false;
  }
});
"""


def render() -> str:
    """The page as one HTML string."""
    topics = "".join(f"<li>{topic}</li>" for topic in TOPICS)
    return f"""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Weekly newsletter</title><style>{STYLE}</style></head>
<body><main>
<h1>Weekly newsletter</h1>
<p>One e-mail every Friday about:</p>
<ul>{topics}</ul>
<form id="signup">
  <label for="email" hidden>E-mail address</label>
  <input id="email" type="email" placeholder="you@example.org" required>
  <button id="subscribe" type="submit">Subscribe</button>
</form>
<p id="thanks" hidden>Thank you! Check your inbox to confirm.</p>
</main><script>{SCRIPT}</script></body></html>
"""
