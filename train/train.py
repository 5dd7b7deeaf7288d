#!/usr/bin/python3
"""Trains sudokubot's cell classifier (package ocr/digitnet).

Reads the data train/celldata wrote (train.bin, val.bin), trains a small
convolutional network with three heads (the cell's kind, its digit, its
pencil marks) with PyTorch, fits the calibration temperatures on the
validation data (the kind head's, the digit head's for printed and for
handwritten cells apart, the marks head's), writes the weights in
digitnet's format, parity vectors for the Go test, and a report of the
validation results.

    /usr/bin/python3 train/train.py --data build/train --out ocr/digitnet

With --calibrate-only it trains nothing: it loads the committed weights
(ocr/digitnet/weights.bin) into a network that computes as the Go one
does (batch norm folded), checks it against the parity vectors, fits the
temperatures again on the validation data, and rewrites the weights
file's header (the weights unchanged byte for byte), the parity vectors
and the calibration part of the report (make calibrate).

Deterministic for a given seed on a given machine (torch's CPU kernels,
fixed seeds, one ordering of the data).
"""

import argparse
import json
import math
import os
import struct
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

SIDE = 32
INPUT = SIDE * SIDE
RECORD = INPUT + 6
SCALE = 200.0
KINDS = ["empty", "printed", "handwritten", "marks"]
# The weights file's magic and format version (ocr/digitnet: Load).
MAGIC = b"SDKN"
VERSION = 2
# The lower ends of the reliability tables' confidence bins; SURE is
# ocr.SureConfidence, the confidence from which a cell counts as read
# surely.
BINS = [0, 0.5, 0.8, 0.9, 0.97, 0.99, 0.999]
SURE = 0.97
SOURCES = ["synthetic printed", "synthetic handwritten", "synthetic marks", "synthetic empty",
           "newspaper-dev", "mixed-dev", "handwritten-dev", "handwriting-sheets-dev", "screens-dev",
           "synthetic pictures"]


def load(path):
    """Reads a data file: inputs (N, 1, 32, 32) and the labels."""
    with open(path, "rb") as f:
        head = f.read(8)
        if head[:4] != b"SDKD" or struct.unpack("<I", head[4:])[0] != 1:
            sys.exit(f"{path}: not a data file of version 1")
        raw = np.frombuffer(f.read(), dtype=np.uint8)
    raw = raw.reshape(-1, RECORD)
    x = raw[:, :INPUT].astype(np.float32).reshape(-1, 1, SIDE, SIDE) / SCALE
    kind = raw[:, INPUT].astype(np.int8).astype(np.int64)
    digit = raw[:, INPUT + 1].astype(np.int8).astype(np.int64)
    marks = raw[:, INPUT + 2].astype(np.int64) | (raw[:, INPUT + 3].astype(np.int64) << 8)
    marks_known = raw[:, INPUT + 4].astype(np.int64)
    source = raw[:, INPUT + 5].astype(np.int64)
    markbits = ((marks[:, None] >> np.arange(9)[None, :]) & 1).astype(np.float32)
    return dict(x=torch.from_numpy(x), kind=torch.from_numpy(kind), digit=torch.from_numpy(digit),
                marks=torch.from_numpy(markbits), marks_known=torch.from_numpy(marks_known),
                source=torch.from_numpy(source))


class Net(nn.Module):
    """Three 3x3 convolutions (each with batch norm, ReLU, 2x2 max pooling),
    a hidden layer, and the three heads."""

    def __init__(self, convs, hidden):
        super().__init__()
        self.convs = nn.ModuleList()
        self.norms = nn.ModuleList()
        c = 1
        for o in convs:
            self.convs.append(nn.Conv2d(c, o, 3, padding=1))
            self.norms.append(nn.BatchNorm2d(o))
            c = o
        side = SIDE >> len(convs)
        self.fc = nn.Linear(c * side * side, hidden)
        self.drop = nn.Dropout(0.2)
        self.kind = nn.Linear(hidden, 4)
        self.digit = nn.Linear(hidden, 9)
        self.marks = nn.Linear(hidden, 9)

    def forward(self, x):
        for conv, norm in zip(self.convs, self.norms):
            x = F.max_pool2d(F.relu(norm(conv(x))), 2)
        h = self.drop(F.relu(self.fc(x.flatten(1))))
        return self.kind(h), self.digit(h), self.marks(h)


class Folded(nn.Module):
    """The network as ocr/digitnet runs it: batch norm folded into the
    convolutions, no dropout. Its outputs are the heads' logits."""

    def __init__(self, convs, hidden):
        super().__init__()
        self.convs = nn.ModuleList()
        c = 1
        for o in convs:
            self.convs.append(nn.Conv2d(c, o, 3, padding=1))
            c = o
        side = SIDE >> len(convs)
        self.fc = nn.Linear(c * side * side, hidden)
        self.kind = nn.Linear(hidden, 4)
        self.digit = nn.Linear(hidden, 9)
        self.marks = nn.Linear(hidden, 9)

    def forward(self, x):
        for conv in self.convs:
            x = F.max_pool2d(F.relu(conv(x)), 2)
        h = F.relu(self.fc(x.flatten(1)))
        return self.kind(h), self.digit(h), self.marks(h)

    def parts(self):
        """The parameters in the weights file's order."""
        out = []
        for layer in list(self.convs) + [self.fc, self.kind, self.digit, self.marks]:
            out += [layer.weight, layer.bias]
        return out


def fold(model):
    """The trained network with batch norm folded into the convolutions."""
    f = Folded([c.out_channels for c in model.convs], model.fc.out_features)
    with torch.no_grad():
        for conv, norm, dst in zip(model.convs, model.norms, f.convs):
            scale = norm.weight / torch.sqrt(norm.running_var + norm.eps)
            dst.weight.copy_(conv.weight * scale[:, None, None, None])
            dst.bias.copy_((conv.bias - norm.running_mean) * scale + norm.bias)
        for src, dst in [(model.fc, f.fc), (model.kind, f.kind), (model.digit, f.digit), (model.marks, f.marks)]:
            dst.weight.copy_(src.weight)
            dst.bias.copy_(src.bias)
    return f.eval()


def temperatures_of(header, version):
    """The temperatures of a weights file's header as a dict: version 1
    has one digit temperature for both kinds."""
    t = [v if v > 0 else 1.0 for v in header["temperature"]]
    want = {1: 3, 2: 4}[version]
    if len(t) != want:
        sys.exit(f"{len(t)} temperatures in a header of version {version}, want {want}")
    if version == 1:
        return dict(kind=t[0], print=t[1], hand=t[1], marks=t[2])
    return dict(kind=t[0], print=t[1], hand=t[2], marks=t[3])


def read_weights(path):
    """Reads a weights file: its header, its format version, the bytes of
    its weights and the network they make."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != MAGIC:
        sys.exit(f"{path}: not a weights file")
    version, hlen = struct.unpack("<II", data[4:12])
    if version not in (1, 2):
        sys.exit(f"{path}: weights format version {version}, want 1 or 2")
    header = json.loads(data[12:12 + hlen])
    body = data[12 + hlen:]
    net = Folded(header["convs"], header["hidden"])
    values = torch.from_numpy(np.frombuffer(body, dtype="<f4").astype(np.float32))
    at = 0
    with torch.no_grad():
        for p in net.parts():
            p.copy_(values[at:at + p.numel()].reshape(p.shape))
            at += p.numel()
    if at != values.numel():
        sys.exit(f"{path}: {values.numel() - at} weights left over")
    return header, version, body, net.eval()


def write_weights(path, header, body):
    """Writes a weights file of the current version: the header, then the
    weights' bytes."""
    hb = json.dumps(header).encode()
    with open(path, "wb") as f:
        f.write(MAGIC)
        f.write(struct.pack("<II", VERSION, len(hb)))
        f.write(hb)
        f.write(body)


def losses(model, b):
    kind_logits, digit_logits, marks_logits = model(b["x"])
    kind, digit = b["kind"], b["digit"]
    loss = F.cross_entropy(kind_logits, kind.clamp(min=0), reduction="none")
    loss = (loss * (kind >= 0)).sum() / max(1, int((kind >= 0).sum()))
    has_digit = (digit >= 1) & ((kind == 1) | (kind == 2) | (kind < 0))
    if has_digit.any():
        loss = loss + F.cross_entropy(digit_logits[has_digit], digit[has_digit] - 1)
    has_marks = (kind == 3) & (b["marks_known"] == 1)
    if has_marks.any():
        loss = loss + F.binary_cross_entropy_with_logits(marks_logits[has_marks], b["marks"][has_marks])
    return loss


def augment(x, gen):
    """Small shifts (up to 2 pixels) and contrast changes."""
    n = x.shape[0]
    dx = torch.randint(-2, 3, (1,), generator=gen).item()
    dy = torch.randint(-2, 3, (1,), generator=gen).item()
    x = torch.roll(x, shifts=(dy, dx), dims=(2, 3))
    gain = 0.8 + 0.4 * torch.rand(n, 1, 1, 1, generator=gen)
    return (x * gain).clamp(0, 1.25)


def predict(model, x, batch=2048):
    model.eval()
    outs = [[], [], []]
    with torch.no_grad():
        for i in range(0, x.shape[0], batch):
            for k, o in enumerate(model(x[i:i + batch])):
                outs[k].append(o)
    return [torch.cat(o) for o in outs]


# The temperatures tried: 0.3 to 5, in steps of 0.2%.
TEMPERATURES = np.exp(np.linspace(math.log(0.3), math.log(5), 1400))


def fit_temperature(logits, target):
    """The temperature that minimises the negative log-likelihood."""
    nll = [F.cross_entropy(logits / t, target).item() for t in TEMPERATURES]
    return float(TEMPERATURES[int(np.argmin(nll))])


def fit_temperature_bce(logits, target):
    nll = [F.binary_cross_entropy_with_logits(logits / t, target).item() for t in TEMPERATURES]
    return float(TEMPERATURES[int(np.argmin(nll))])


def digit_cells(val):
    """The validation cells holding one digit."""
    kind, digit = val["kind"], val["digit"]
    return (digit >= 1) & ((kind == 1) | (kind == 2) | (kind < 0))


def fit_temperatures(logits, val, per_kind=True):
    """Fits the heads' temperatures on the validation cells: the digit
    head's on the printed and the handwritten cells apart (per_kind), or
    once on both together (as format version 1 has it). The cells whose
    truth does not tell print from pen (the book photos) are left out of
    the digit's fit: they are of neither kind."""
    k, d, m = logits
    kind, digit = val["kind"], val["digit"]
    known = kind >= 0
    has = digit_cells(val)
    mk = (kind == 3) & (val["marks_known"] == 1)
    t = dict(kind=fit_temperature(k[known], kind[known]),
             marks=fit_temperature_bce(m[mk], val["marks"][mk]) if mk.any() else 1.0)
    if per_kind:
        for name, code in [("print", 1), ("hand", 2)]:
            sel = has & (kind == code)
            t[name] = fit_temperature(d[sel], digit[sel] - 1) if sel.any() else 1.0
    else:
        sel = has & ((kind == 1) | (kind == 2))
        t["print"] = t["hand"] = fit_temperature(d[sel], digit[sel] - 1)
    return t


def calibrated(logits, t):
    """The probabilities ocr/digitnet gives (Net.classify): the kind's,
    the digit's (the digit head at the temperature of print and at that of
    handwriting, weighed by the kind head's probabilities of the two), the
    marks'."""
    k, d, m = logits
    kind_p = F.softmax(k / t["kind"], 1)
    digit_p = F.softmax(d / t["print"], 1)
    if t["hand"] != t["print"]:
        s = kind_p[:, 1] + kind_p[:, 2]
        wp = torch.where(s > 0, kind_p[:, 1] / s.clamp(min=1e-38), torch.full_like(s, 0.5))[:, None]
        digit_p = wp * digit_p + (1 - wp) * F.softmax(d / t["hand"], 1)
    return [kind_p, digit_p, torch.sigmoid(m / t["marks"])]


def header_temperatures(t):
    """The temperatures as the header of format version 2 lists them."""
    return [t["kind"], t["print"], t["hand"], t["marks"]]


def parity_cells(val, probs, n=24, mixed=8):
    """The validation cells the parity vectors are made of: n spread over
    the data, and the mixed cells whose kind is most torn between print and
    handwriting (where the two digit temperatures are weighed)."""
    idx = torch.linspace(0, val["x"].shape[0] - 1, n).long().tolist()
    torn = torch.minimum(probs[0][:, 1], probs[0][:, 2])
    idx += [i for i in torch.argsort(torn, descending=True, stable=True).tolist() if i not in idx][:mixed]
    return idx


def write_parity(path, inputs, probs):
    """Writes parity vectors: inputs and the probabilities the Go network
    must give for them."""
    with open(path, "wb") as f:
        f.write(struct.pack("<I", inputs.shape[0]))
        for i in range(inputs.shape[0]):
            f.write(inputs[i].numpy().astype("<f4").tobytes())
            for p in probs:
                f.write(p[i].numpy().astype("<f4").tobytes())


def check_parity(path, net, t):
    """Checks the network with the temperatures t against parity vectors,
    as go test ./ocr/digitnet does."""
    with open(path, "rb") as f:
        data = f.read()
    count = struct.unpack("<I", data[:4])[0]
    per = INPUT + 4 + 9 + 9
    v = np.frombuffer(data[4:], dtype="<f4").astype(np.float32).reshape(count, per)
    x = torch.from_numpy(v[:, :INPUT].copy()).reshape(-1, 1, SIDE, SIDE)
    with torch.no_grad():
        got = torch.cat(calibrated(net(x), t), 1).numpy()
    worst = float(np.abs(got - v[:, INPUT:]).max())
    if worst > 1e-4:
        sys.exit(f"{path}: the weights give probabilities {worst:.6f} away from the parity vectors")
    return count, worst


def table(rows, head):
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def report(val, probs):
    kind_p, digit_p, marks_p = probs
    kind, digit, source = val["kind"], val["digit"], val["source"]
    lines = []
    kind_pred = kind_p.argmax(1)
    known = kind >= 0
    acc = (kind_pred[known] == kind[known]).float().mean().item()
    lines.append(f"Kind accuracy: {100 * acc:.2f}% of {int(known.sum())} cells.\n")
    conf = np.zeros((4, 4), dtype=int)
    for t, p in zip(kind[known].tolist(), kind_pred[known].tolist()):
        conf[t][p] += 1
    lines.append("Kind confusion (rows: truth, columns: predicted):\n")
    lines.append(table([[KINDS[i]] + list(conf[i]) for i in range(4)], ["truth \\ predicted"] + KINDS) + "\n")
    # Digit: cells holding one digit; the prediction is the argmax of the
    # joint (kind, digit) as the reader uses it: empty counts as 0.
    has = (digit >= 1) & ((kind == 1) | (kind == 2) | (kind < 0))
    dpred = digit_p.argmax(1) + 1
    dacc = (dpred[has] == digit[has]).float().mean().item()
    lines.append(f"Digit accuracy (cells holding a digit): {100 * dacc:.2f}% of {int(has.sum())}.\n")
    conf = np.zeros((10, 10), dtype=int)
    cell_pred = torch.where(kind_pred == 0, torch.zeros_like(dpred), dpred)
    cell_pred = torch.where(kind_pred == 3, torch.zeros_like(dpred), cell_pred)
    cell_true = torch.where(has, digit, torch.zeros_like(digit))
    sel = known | has
    for t, p in zip(cell_true[sel].tolist(), cell_pred[sel].tolist()):
        conf[t][p] += 1
    names = ["."] + [str(d) for d in range(1, 10)]
    lines.append("Cell digit confusion (rows: truth, columns: read; . = empty or marks):\n")
    lines.append(table([[names[i]] + list(conf[i]) for i in range(10)], ["truth \\ read"] + names) + "\n")
    per = []
    for d in range(1, 10):
        m = has & (digit == d)
        per.append([d, int(m.sum()), f"{100 * (dpred[m] == d).float().mean().item():.2f}%" if m.any() else "-"])
    lines.append("Accuracy per digit:\n")
    lines.append(table(per, ["digit", "cells", "accuracy"]) + "\n")
    # Per source.
    rows = []
    for s in range(len(SOURCES)):
        m = source == s
        if not m.any():
            continue
        k = m & known
        h = m & has
        rows.append([SOURCES[s], int(m.sum()),
                     f"{100 * (kind_pred[k] == kind[k]).float().mean().item():.2f}%" if k.any() else "-",
                     f"{100 * (dpred[h] == digit[h]).float().mean().item():.2f}%" if h.any() else "-"])
    lines.append("Per source (validation):\n")
    lines.append(table(rows, ["source", "cells", "kind right", "digit right"]) + "\n")
    # Marks.
    mk = (kind == 3) & (val["marks_known"] == 1)
    if mk.any():
        pred = (marks_p[mk] > 0.5).float()
        tp = (pred * val["marks"][mk]).sum().item()
        fp = (pred * (1 - val["marks"][mk])).sum().item()
        fn = ((1 - pred) * val["marks"][mk]).sum().item()
        f1 = 2 * tp / max(1, 2 * tp + fp + fn)
        exact = (pred == val["marks"][mk]).all(1).float().mean().item()
        lines.append(f"Pencil marks (cells with known marks): F1 {f1:.3f}, every mark right in {100 * exact:.1f}% of {int(mk.sum())} cells.\n")
    return "\n".join(lines)


CALIBRATION = "## Calibration"


def reading(probs):
    """The digit each cell is read as (0: none) and the confidence, as
    ocr's netReading and readingOf make them: the likeliest of empty,
    marks and each digit d (P(printed or handwritten) times P(d)); a cell
    read as no digit has the confidence P(empty) + P(marks)."""
    kind_p, digit_p = probs[0], probs[1]
    scores = (kind_p[:, 1] + kind_p[:, 2])[:, None] * digit_p
    best, d = scores.max(1)
    none = torch.maximum(kind_p[:, 0], kind_p[:, 3]) >= best
    return torch.where(none, torch.zeros_like(d), d + 1), torch.where(none, kind_p[:, 0] + kind_p[:, 3], best)


def marks_reading(probs, val):
    """A marks cell's confidence as ocr's netReading gives it (P(marks)
    times each mark's probability of being there or not), and whether the
    reading is right: read as marks, every mark right."""
    kind_p, marks_p = probs[0], probs[2]
    conf = kind_p[:, 3] * torch.maximum(marks_p, 1 - marks_p).prod(1)
    digit, _ = reading(probs)
    as_marks = (kind_p[:, 3] >= kind_p[:, 0]) & (digit == 0)
    right = as_marks & ((marks_p > 0.5).float() == val["marks"]).all(1)
    return conf, right


def kind_views(val, probs):
    """For each kind the reliability table is given for: its name, the
    confidences of its validation cells and whether each is read right."""
    kind = val["kind"]
    truth = torch.where(digit_cells(val), val["digit"], torch.zeros_like(val["digit"]))
    digit, conf = reading(probs)
    right = digit == truth
    has = digit_cells(val)
    mk = (kind == 3) & (val["marks_known"] == 1)
    mconf, mright = marks_reading(probs, val)
    return [("printed digits", conf[has & (kind == 1)], right[has & (kind == 1)]),
            ("handwritten digits", conf[has & (kind == 2)], right[has & (kind == 2)]),
            ("pencil marks (every mark right)", mconf[mk], mright[mk])]


def reliability_rows(conf, right):
    """The reliability table's bins: cells, mean confidence, share right."""
    rows = []
    for lo, hi in zip(BINS, BINS[1:] + [2]):
        m = (conf >= lo) & (conf < hi)
        if m.any():
            rows.append((f"{lo:.3f}-{min(hi, 1):.3f}", int(m.sum()), conf[m].mean().item(), right[m].float().mean().item()))
        else:
            rows.append((f"{lo:.3f}-{min(hi, 1):.3f}", 0, None, None))
    return rows


def calibration_error(conf, right):
    """The expected calibration error over the bins: the mean gap between
    the confidence and the share right, weighed by the bins' cells."""
    return sum(n * abs(c - r) for _, n, c, r in reliability_rows(conf, right) if n) / max(1, conf.numel())


def sure_counts(conf, right):
    """How many cells are read at or above SURE right, and how many wrong."""
    sure = conf >= SURE
    return int((sure & right).sum()), int((sure & ~right).sum())


def fmt(v, spec):
    return "-" if v is None else format(v, spec)


def calibration_report(val, logits, before, after, how):
    """The calibration part of the report: the temperatures, and for each
    kind a reliability table before (one digit temperature) and after (one
    per kind) the fit."""
    pb, pa = calibrated(logits, before), calibrated(logits, after)
    lines = [CALIBRATION + "\n", how + "\n",
             "The digit head's temperature is fitted on the printed and on the handwritten validation cells apart "
             "(held-out fonts; held-out writers and puzzles); a cell's digit probabilities are the two calibrated "
             "softmaxes weighed by the kind head's probabilities of print and of handwriting. "
             "Before: one digit temperature for both kinds, fitted on the same cells (as format version 1 has it).\n",
             table([["before (one digit temperature)", f"{before['kind']:.3f}", f"{before['print']:.3f}",
                      f"{before['hand']:.3f}", f"{before['marks']:.3f}"],
                     ["after (per kind)", f"{after['kind']:.3f}", f"{after['print']:.3f}",
                      f"{after['hand']:.3f}", f"{after['marks']:.3f}"]],
                    ["temperatures", "kind", "digit (print)", "digit (hand)", "marks"]) + "\n",
             f"Reliability by true kind: the validation cells ({val['x'].shape[0]} in all) binned by the confidence "
             "they are read with (as ocr reads a cell: the likeliest of empty, marks and each digit; for pencil "
             "marks the marks' joint confidence), with the share read right; a wrong cell at or above "
             f"{SURE} (ocr.SureConfidence) is a silent misread.\n"]
    for (name, cb, rb), (_, ca, ra) in zip(kind_views(val, pb), kind_views(val, pa)):
        rows = []
        for b, a in zip(reliability_rows(cb, rb), reliability_rows(ca, ra)):
            rows.append([b[0], b[1], fmt(b[2], ".4f"), fmt(b[3], ".4f"), a[1], fmt(a[2], ".4f"), fmt(a[3], ".4f")])
        right_b, wrong_b = sure_counts(cb, rb)
        right_a, wrong_a = sure_counts(ca, ra)
        lines.append(f"{name.capitalize()}: {cb.numel()} cells; wrong at or above {SURE}: {wrong_b} before, "
                     f"{wrong_a} after; right at or above {SURE}: {right_b} before, "
                     f"{right_a} after; calibration error {calibration_error(cb, rb):.4f} "
                     f"before, {calibration_error(ca, ra):.4f} after.\n")
        lines.append(table(rows, ["confidence", "cells", "mean confidence", "right",
                                  "cells after", "mean confidence after", "right after"]) + "\n")
    return "\n".join(lines)


def member_files(out, member):
    """The weights file and the parity file in out of member number member
    of the ensemble ocr/digitnet averages: weights.bin and
    testdata/parity.bin for the first, weights-K.bin and
    testdata/parity-K.bin for member K."""
    suffix = "" if member == 1 else f"-{member}"
    return (os.path.join(out, f"weights{suffix}.bin"),
            os.path.join(out, "testdata", f"parity{suffix}.bin"))


def calibrate_only(args):
    """Fits the temperatures of the committed weights again (make
    calibrate): the weights' bytes are kept, the header, the parity
    vectors and the report's calibration part rewritten."""
    start = time.time()
    path, parity = member_files(args.out, args.member)
    header, version, body, net = read_weights(path)
    old = temperatures_of(header, version)
    count, worst = check_parity(parity, net, old)
    print(f"{path}: format version {version}, temperatures {old}; parity with {count} vectors (largest difference {worst:.2e})", flush=True)
    val = load(os.path.join(args.data, "val.bin"))
    logits = predict(net, val["x"])
    before = fit_temperatures(logits, val, per_kind=False)
    temps = fit_temperatures(logits, val)
    probs = calibrated(logits, temps)
    header["temperature"] = header_temperatures(temps)
    write_weights(path, header, body)
    idx = parity_cells(val, probs)
    write_parity(parity, val["x"][idx], [p[idx] for p in probs])
    minutes = (time.time() - start) / 60
    text = calibration_report(val, logits, before, temps,
                              f"Fitted by `make calibrate` (train/train.py --calibrate-only: the weights as trained, "
                              f"only the temperatures fitted again) on {time.strftime('%Y-%m-%d')} in {minutes:.1f} minutes.")
    with open(args.report) as f:
        old_report = f.read()
    cut = old_report.find(CALIBRATION)
    if cut < 0:
        cut = old_report.find("Reliability (cells by")
    if cut < 0:
        cut = len(old_report)
    with open(args.report, "w") as f:
        f.write(old_report[:cut].rstrip("\n") + "\n\n" + text)
    print(text)
    print(f"temperatures {header['temperature']}; done in {minutes:.1f} minutes")


def ensemble_report(args):
    """Writes the validation report of the ensemble ocr/digitnet reads
    with (--ensemble-report): every member's calibrated probabilities,
    averaged as digitnet.Join averages them, then the members' report and,
    per kind, the reliability table, each member's beside the ensemble's
    (make train, after the last member)."""
    val = load(os.path.join(args.data, "val.bin"))
    members, member = [], 1
    while True:
        path, parity = member_files(args.out, member)
        if not os.path.exists(path):
            break
        header, version, _, net = read_weights(path)
        temps = temperatures_of(header, version)
        check_parity(parity, net, temps)
        members.append(calibrated(predict(net, val["x"]), temps))
        member += 1
    if not members:
        sys.exit(f"no weights in {args.out}")
    probs = [sum(m[h] for m in members) / len(members) for h in range(3)]
    lines = [f"# Cell classifier: the ensemble's validation report\n",
             f"Written by `make train` (train/train.py --ensemble-report) on {time.strftime('%Y-%m-%d')}: the "
             f"{len(members)} members (weights.bin, weights-2.bin, ...; each one's report in REPORT.md, "
             "REPORT-2.md, ...) each calibrated on the validation split, their probabilities averaged as the "
             f"reader averages them; validation cells: {val['x'].shape[0]}.\n",
             report(val, probs) + "\n",
             "## Reliability by true kind, each member and the ensemble\n",
             f"The validation cells binned by the confidence they are read with (as ocr reads a cell); a wrong "
             f"cell at or above {SURE} (ocr.SureConfidence) is a silent misread.\n"]
    views = [kind_views(val, m) for m in members] + [kind_views(val, probs)]
    names = [f"member {i + 1}" for i in range(len(members))] + ["ensemble"]
    for k, (kind_name, _, _) in enumerate(views[-1]):
        lines.append(f"{kind_name.capitalize()}:\n")
        rows = []
        for name, v in zip(names, views):
            conf, right = v[k][1], v[k][2]
            rows.append([name, conf.numel(), *sure_counts(conf, right), f"{calibration_error(conf, right):.4f}"]
                        + [fmt(r[3], ".4f") + f" ({r[1]})" for r in reliability_rows(conf, right)])
        lines.append(table(rows, ["", "cells", f"right at or above {SURE}", f"wrong at or above {SURE}",
                                  "calibration error"] + [f"right, {r[0]} (cells)" for r in reliability_rows(
                                      views[-1][k][1], views[-1][k][2])]) + "\n")
    lines.append(ensemble_temperature_report(val, probs))
    with open(args.report, "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


def ensemble_temperature_report(val, probs):
    """What temperatures fitted on the ensemble's mean would change, taking
    the log of the mean probabilities as the logits of one network: the
    reader does not use them, and this part of the report says why with
    the cells read surely, right and wrong, per kind."""
    logits = [probs[0].clamp(min=1e-30).log(), probs[1].clamp(min=1e-30).log(),
              torch.logit(probs[2].clamp(1e-7, 1 - 1e-7))]
    t = fit_temperatures(logits, val)
    fitted = calibrated(logits, t)
    rows = []
    for (kind_name, conf, right), (_, fconf, fright) in zip(kind_views(val, probs), kind_views(val, fitted)):
        rows.append([kind_name, *sure_counts(conf, right), f"{calibration_error(conf, right):.4f}",
                     *sure_counts(fconf, fright), f"{calibration_error(fconf, fright):.4f}"])
    return ("## The mean, and temperatures fitted on it\n\n"
            "The reader averages the members' calibrated probabilities and fits nothing more. Temperatures fitted "
            "on the mean (its log probabilities taken as one network's logits, fitted as a member's are: kind "
            f"{t['kind']:.3f}, digit of print {t['print']:.3f}, of handwriting {t['hand']:.3f}, marks "
            f"{t['marks']:.3f}) would read these validation cells so:\n\n"
            + table(rows, ["", f"mean: right at or above {SURE}", f"mean: wrong at or above {SURE}",
                           "mean: calibration error", "fitted: right", "fitted: wrong", "fitted: calibration error"])
            + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="build/train")
    ap.add_argument("--out", default="ocr/digitnet")
    ap.add_argument("--report", default="train/REPORT.md")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--member", type=int, default=1,
                    help="which member of the ensemble to write (1: weights.bin, K: weights-K.bin)")
    ap.add_argument("--convs", default="16,32,48")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--ensemble-report", action="store_true",
                    help="train nothing: report the ensemble of the members in --out on the validation split")
    ap.add_argument("--calibrate-only", action="store_true",
                    help="train nothing: fit the temperatures of the weights in --out again")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    torch.set_num_threads(min(2, os.cpu_count() or 1))
    torch.use_deterministic_algorithms(True)
    if args.calibrate_only:
        calibrate_only(args)
        return
    if args.ensemble_report:
        ensemble_report(args)
        return
    start = time.time()
    train = load(os.path.join(args.data, "train.bin"))
    val = load(os.path.join(args.data, "val.bin"))
    print(f"{train['x'].shape[0]} training cells, {val['x'].shape[0]} validation cells", flush=True)
    model = Net([int(c) for c in args.convs.split(",")], args.hidden)
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    n = train["x"].shape[0]
    batch = 256
    steps = args.epochs * (n // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    gen = torch.Generator().manual_seed(args.seed)
    for epoch in range(args.epochs):
        model.train()
        perm = torch.randperm(n, generator=gen)
        total = 0.0
        for i in range(n // batch):
            idx = perm[i * batch:(i + 1) * batch]
            b = {k: v[idx] for k, v in train.items()}
            b["x"] = augment(b["x"], gen)
            loss = losses(model, b)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item()
        k, d, m = predict(model, val["x"])
        known = val["kind"] >= 0
        acc = (k.argmax(1)[known] == val["kind"][known]).float().mean().item()
        has = (val["digit"] >= 1) & ((val["kind"] == 1) | (val["kind"] == 2) | (val["kind"] < 0))
        dacc = (d.argmax(1)[has] + 1 == val["digit"][has]).float().mean().item()
        print(f"epoch {epoch + 1}: loss {total / (n // batch):.4f}, validation kind {100 * acc:.2f}%, digit {100 * dacc:.2f}% ({time.time() - start:.0f} s)", flush=True)
    folded = fold(model)
    logits = predict(folded, val["x"])
    before = fit_temperatures(logits, val, per_kind=False)
    temps = fit_temperatures(logits, val)
    probs = calibrated(logits, temps)
    minutes = (time.time() - start) / 60
    info = f"trained {time.strftime('%Y-%m-%d')} on {train['x'].shape[0]} cells, {args.epochs} epochs, seed {args.seed}"
    header = {"side": SIDE, "convs": [c.out_channels for c in model.convs], "hidden": model.fc.out_features,
              "temperature": header_temperatures(temps), "info": info}
    body = b"".join(p.detach().numpy().astype("<f4").tobytes() for p in folded.parts())
    path, parity = member_files(args.out, args.member)
    write_weights(path, header, body)
    idx = parity_cells(val, probs)
    write_parity(parity, val["x"][idx], [p[idx] for p in probs])
    text = report(val, probs) + "\n" + calibration_report(val, logits, before, temps,
                                                         f"Fitted by `make train` with the weights, on the validation split, on {time.strftime('%Y-%m-%d')}.")
    counts = {s: int((train["source"] == i).sum()) for i, s in enumerate(SOURCES)}
    with open(args.report, "w") as f:
        f.write("# Cell classifier: validation report\n\n")
        f.write(f"Written by `make train` (train/train.py, seed {args.seed}) in {minutes:.1f} minutes on this machine.\n\n")
        f.write(f"Network: convolutions {args.convs} (3x3, batch norm, ReLU, 2x2 max pooling), hidden layer {args.hidden}, "
                f"heads kind (4), digit (9), pencil marks (9); {sum(p.numel() for p in model.parameters())} parameters.\n\n")
        f.write(f"Training cells by source: {json.dumps(counts)}; validation cells: {val['x'].shape[0]}.\n\n")
        f.write(text)
    print(text)
    print(f"done in {minutes:.1f} minutes")


if __name__ == "__main__":
    main()
