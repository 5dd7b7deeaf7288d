#!/usr/bin/python3
"""Trains sudokubot's cell classifier (package ocr/digitnet).

Reads the data train/celldata wrote (train.bin, val.bin), trains a small
convolutional network with three heads (the cell's kind, its digit, its
pencil marks) with PyTorch, fits one calibration temperature per head on
the validation data, writes the weights in digitnet's format, parity
vectors for the Go test, and a report of the validation results.

    /usr/bin/python3 train/train.py --data build/train --out ocr/digitnet

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


def fit_temperature(logits, target):
    """The temperature that minimises the negative log-likelihood."""
    best, best_t = math.inf, 1.0
    for t in np.exp(np.linspace(math.log(0.3), math.log(5), 80)):
        nll = F.cross_entropy(logits / t, target).item()
        if nll < best:
            best, best_t = nll, float(t)
    return best_t


def fit_temperature_bce(logits, target):
    best, best_t = math.inf, 1.0
    for t in np.exp(np.linspace(math.log(0.3), math.log(5), 80)):
        nll = F.binary_cross_entropy_with_logits(logits / t, target).item()
        if nll < best:
            best, best_t = nll, float(t)
    return best_t


def export(model, temps, info, path):
    """Writes the weights with batch norm folded into the convolutions."""
    header = {"side": SIDE, "convs": [c.out_channels for c in model.convs], "hidden": model.fc.out_features,
              "temperature": temps, "info": info}
    hb = json.dumps(header).encode()
    parts = []
    for conv, norm in zip(model.convs, model.norms):
        scale = norm.weight / torch.sqrt(norm.running_var + norm.eps)
        w = conv.weight * scale[:, None, None, None]
        b = (conv.bias - norm.running_mean) * scale + norm.bias
        parts += [w, b]
    for layer in [model.fc, model.kind, model.digit, model.marks]:
        parts += [layer.weight, layer.bias]
    with open(path, "wb") as f:
        f.write(b"SDKN")
        f.write(struct.pack("<II", 1, len(hb)))
        f.write(hb)
        for p in parts:
            f.write(p.detach().numpy().astype("<f4").tobytes())


def table(rows, head):
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def report(val, probs, temps):
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
    # Reliability of the joint reading confidence: P(kind) * P(digit).
    conf_all = torch.where(kind_pred == 0, kind_p.max(1).values, kind_p.max(1).values * digit_p.max(1).values)
    right = (cell_pred == cell_true) & (kind_pred == torch.where(known, kind, kind_pred))
    bins = [0, 0.5, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999, 1.0001]
    rows = []
    for lo, hi in zip(bins[:-1], bins[1:]):
        m = sel & (conf_all >= lo) & (conf_all < hi)
        if m.any():
            rows.append([f"{lo:.3f}-{min(hi, 1):.3f}", int(m.sum()), f"{conf_all[m].mean().item():.4f}",
                         f"{right[m].float().mean().item():.4f}"])
    lines.append("Reliability (cells by the reading's confidence: mean confidence against the share read right):\n")
    lines.append(table(rows, ["confidence", "cells", "mean confidence", "right"]) + "\n")
    lines.append(f"Temperatures (kind, digit, marks): {temps[0]:.3f}, {temps[1]:.3f}, {temps[2]:.3f}.\n")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="build/train")
    ap.add_argument("--out", default="ocr/digitnet")
    ap.add_argument("--report", default="train/REPORT.md")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--convs", default="16,32,48")
    ap.add_argument("--hidden", type=int, default=128)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    torch.set_num_threads(min(2, os.cpu_count() or 1))
    torch.use_deterministic_algorithms(True)
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
    k, d, m = predict(model, val["x"])
    known = val["kind"] >= 0
    has = (val["digit"] >= 1) & ((val["kind"] == 1) | (val["kind"] == 2) | (val["kind"] < 0))
    mk = (val["kind"] == 3) & (val["marks_known"] == 1)
    temps = [fit_temperature(k[known], val["kind"][known]), fit_temperature(d[has], val["digit"][has] - 1),
             fit_temperature_bce(m[mk], val["marks"][mk]) if mk.any() else 1.0]
    probs = [F.softmax(k / temps[0], 1), F.softmax(d / temps[1], 1), torch.sigmoid(m / temps[2])]
    minutes = (time.time() - start) / 60
    info = f"trained {time.strftime('%Y-%m-%d')} on {train['x'].shape[0]} cells, {args.epochs} epochs, seed {args.seed}"
    export(model, temps, info, os.path.join(args.out, "weights.bin"))
    # Parity vectors: a few validation inputs and PyTorch's probabilities.
    idx = torch.linspace(0, val["x"].shape[0] - 1, 24).long()
    with open(os.path.join(args.out, "testdata", "parity.bin"), "wb") as f:
        f.write(struct.pack("<I", len(idx)))
        for i in idx.tolist():
            f.write(val["x"][i].numpy().astype("<f4").tobytes())
            for p in probs:
                f.write(p[i].numpy().astype("<f4").tobytes())
    text = report(val, probs, temps)
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
