"""Generated hostile pages and plot scripts: what a page or a script can do to the evaluator, in random
combinations. The fuzz test (test_fuzz.py) and `scripts/fuzz_visual.py` throw them at the real evaluation:
none may end in an evaluator failure or a hang, whatever the solution's own score."""

from __future__ import annotations

import random

# What a page may do: each a fragment of a <script> (or markup), run at load or on a click.
PAGE_BEHAVIOURS: dict[str, str] = {
    "reload at load": "<script>if(!sessionStorage.r){sessionStorage.r=1;location.reload()}</script>",
    "navigate on click": "<button onclick=\"location.href='?next=1'\">Next</button>",
    "reload on click": '<button onclick="location.reload()">Again</button>',
    "hash and history": "<button onclick=\"history.pushState({},'', '#x'); location.hash='y'\">Go</button>",
    "alert at load": "<script>alert('hello')</script>",
    "confirm and prompt on click": "<button onclick=\"confirm('sure?') && prompt('name?')\">Ask</button>",
    "popup": "<button onclick=\"window.open('about:blank')\">Open</button>",
    "download": '<a download="x.txt" href="data:text/plain,hello">Download</a>',
    "beforeunload": "<script>addEventListener('beforeunload', e => { e.preventDefault(); e.returnValue = ''; })"
    "</script>",
    "busy loop at load": "<script>const t = Date.now(); while (Date.now() - t < 30000) {}</script>",
    "busy loop on click": '<button onclick="for(;;){}">Freeze</button>',
    "throw at load": "<script>null.boom()</script>",
    "syntax error": "<script>function (</script>",
    "throw on click": "<button onclick=\"throw new Error('no')\">Break</button>",
    "document.write after load": "<script>setTimeout(() => document.write('<h1>gone</h1>'), 50)</script>",
    "huge DOM": "<script>for (let i = 0; i < 20000; i++) document.body.append(Object.assign("
    "document.createElement('span'), {textContent: 'x'}))</script>",
    "deep nesting": "<div>" * 600 + "deep" + "</div>" * 600,
    "event storm": "<script>setInterval(() => document.body.dataset.t = Date.now(), 1)</script>",
    "infinite promise chain": "<script>(function f(){ Promise.resolve().then(() => { if (Math.random() < 2) "
    "setTimeout(f, 0) }) })()</script>",
    "network": "<img src=\"https://example.org/x.png\"><script>fetch('https://example.org/')</script>",
    "iframe of itself": '<iframe src="?frame=1" width="50" height="50"></iframe>',
    "print and fullscreen": '<button onclick="window.print(); document.body.requestFullscreen()">Print</button>',
    "stop the document": "<script>window.stop()</script>",
    "replace the body on click": "<button onclick=\"document.body.innerHTML=''\">Clear</button>",
    "animation": "<style>@keyframes s{to{transform:rotate(360deg)}} h1{animation:s .1s infinite}</style>",
    "memory": "<script>const a = []; try { for (;;) a.push(new Array(1e6).fill(1)) } catch (e) {}</script>",
    "form posting to itself": '<form method="post"><input name="q"><button>Send</button></form>',
}

# What a plot script may do.
PLOT_BEHAVIOURS: dict[str, str] = {
    "sleep": "import time\ntime.sleep(60)\n",
    "fork": "import os\nif os.fork() == 0:\n    import time\n    time.sleep(60)\n",
    "many artists": "for i in range(5000):\n    plt.plot([i, i + 1], [0, 1])\n",
    "huge figure": "plt.gcf().set_size_inches(400, 400)\n",
    "raise": "raise RuntimeError('no plot for you')\n",
    "exit": "import sys\nsys.exit(3)\n",
    "hard exit": "import os\nos._exit(0)\n",
    "recursion": "def f(n):\n    return f(n + 1)\nf(0)\n",
    "memory": "blocks = []\nwhile True:\n    blocks.append(bytearray(50_000_000))\n",
    "close every figure": "plt.close('all')\n",
    "show in a loop": "for _ in range(100):\n    plt.show()\n",
    "nan data": "plt.plot([float('nan'), float('inf')], [1, 2])\n",
    "rc chaos": "plt.rcParams['font.size'] = 0.01\nplt.rcParams['lines.linewidth'] = 1e6\n",
    "print a lot": "print('x' * 10_000_000)\n",
    "subplots grid": "fig, axes = plt.subplots(30, 30)\n",
    "write files": "open('/tmp/escape.txt', 'w').write('x')\n",
    "threads": "import threading\nfor _ in range(50):\n    threading.Thread(target=lambda: None).start()\n",
    "replace pyplot": "import matplotlib.pyplot as p\np.gcf = None\n",
}

PAGE_PROBLEM = """\
name: hostile_page
kind: webpage
summary: a hostile page
prompt: A page that says hello.
page:
  widths: [800, 375]
  require_text: [Hello]
"""

PLOT_PROBLEM = """\
format: 1
name: hostile_plot
kind: plot
summary: a hostile plot
prompt: Plot y against x as a line with a title and axis labels.
data:
  x: [1, 2, 3]
  y: [2, 4, 6]
plot:
  chart: line
  series:
    - {x: x, y: y}
limits: {time_s: 10}
"""


def hostile_page(rng: random.Random) -> tuple[str, list[str]]:
    """A page doing one to three hostile things around a plain greeting; the page and what it does."""
    chosen = rng.sample(sorted(PAGE_BEHAVIOURS), rng.randint(1, 3))
    parts = [PAGE_BEHAVIOURS[name] for name in chosen]
    body = "<h1>Hello</h1><p>Welcome.</p>" + "".join(parts)
    head = '<head><meta charset="utf-8"><title>Hello</title></head>'
    page = f'<!doctype html><html lang="en">{head}<body>{body}</body></html>'
    return page, chosen


def hostile_plot(rng: random.Random) -> tuple[str, list[str]]:
    """A plot script doing one or two hostile things around a correct line plot; the script and what it does."""
    chosen = rng.sample(sorted(PLOT_BEHAVIOURS), rng.randint(1, 2))
    plain = 'plt.plot(data["x"], data["y"])\nplt.title("y")\nplt.xlabel("x")\nplt.ylabel("y")\n'
    where = rng.randint(0, len(chosen))
    body = [PLOT_BEHAVIOURS[name] for name in chosen]
    body.insert(where, plain)
    return "import matplotlib.pyplot as plt\n" + "".join(body), chosen


HANG_S = 60.0  # longer than any part's own limits: past it the evaluator itself hung


def evaluator_failure(result: object) -> str | None:
    """Why this result is the evaluator's failure rather than a verdict on the solution, or None."""
    from codeeval.results.result import EvaluationResult, EvaluationStatus

    assert isinstance(result, EvaluationResult)
    if result.status is EvaluationStatus.INTERNAL_ERROR:
        return f"internal error: {result.internal_error.message if result.internal_error else '?'}"
    reasons = [d.reason for d in result.dimensions.values() if not d.applicable]
    if reasons and len(reasons) == len(result.dimensions):
        return f"nothing judged: {reasons[0]}"
    return None
