"""Which distribution (what pip installs) provides an import name, where the two differ."""

from __future__ import annotations

import re

# Import name -> distribution. Anything not here is installed under its own import name.
IMPORT_DISTRIBUTIONS = {
    "sklearn": "scikit-learn",
    "skimage": "scikit-image",
    "cv2": "opencv-python-headless",
    "PIL": "Pillow",
    "bs4": "beautifulsoup4",
    "docx": "python-docx",
    "docxtpl": "docxtpl",
    "Crypto": "pycryptodome",
    "Cryptodome": "pycryptodomex",
    "yaml": "PyYAML",
    "dateutil": "python-dateutil",
    "mpl_toolkits": "matplotlib",
    "faker": "Faker",
    "django": "Django",
    "flask": "Flask",
    "flask_mail": "Flask-Mail",
    "flask_login": "Flask-Login",
    "flask_restful": "Flask-RESTful",
    "flask_wtf": "Flask-WTF",
    "wtforms": "WTForms",
    "werkzeug": "Werkzeug",
    "python_http_client": "python-http-client",
    "Levenshtein": "Levenshtein",
    "dns": "dnspython",
    "google": "protobuf",
    "attr": "attrs",
    "serial": "pyserial",
    "usb": "pyusb",
    "jwt": "PyJWT",
    "magic": "python-magic",
    "OpenSSL": "pyOpenSSL",
    "git": "GitPython",
    "Bio": "biopython",
    "tesserocr": "tesserocr",
    "pytesseract": "pytesseract",
    "requests_mock": "requests-mock",
    "textblob": "TextBlob",
    "sympy": "sympy",
    "keras": "keras",
    "tensorflow": "tensorflow",
    "torch": "torch",
    "lxml": "lxml",
    "regex": "regex",
    "zmq": "pyzmq",
    "win32api": "pywin32",
    "xlsxwriter": "XlsxWriter",
    "pyfakefs": "pyfakefs",
}


def distribution_of(import_name: str) -> str:
    """The distribution pip installs for a top-level import name (the name itself when nothing says otherwise)."""
    return IMPORT_DISTRIBUTIONS.get(import_name, import_name)


def canonical(name: str) -> str:
    """A distribution's name as pip compares them: lower case, runs of `-`, `_` and `.` as one `-` (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()
