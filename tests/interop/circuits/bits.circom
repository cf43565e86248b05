pragma circom 2.0.0;

// Bit decomposition, booleanity and XOR over 64-bit words: a few hundred
// constraints, mostly on 0/1 values (the shape of Filecoin's circuits).

template ToBits(n) {
    signal input in;
    signal output out[n];
    var acc = 0;
    var w = 1;
    for (var i = 0; i < n; i++) {
        out[i] <-- (in >> i) & 1;
        out[i] * (out[i] - 1) === 0;
        acc += out[i] * w;
        w += w;
    }
    acc === in;
}

template XorWords(n) {
    signal input x;
    signal input y;
    signal output z;
    signal zb[n];
    component bx = ToBits(n);
    component by = ToBits(n);
    bx.in <== x;
    by.in <== y;
    var acc = 0;
    var w = 1;
    for (var i = 0; i < n; i++) {
        zb[i] <== bx.out[i] + by.out[i] - 2 * bx.out[i] * by.out[i];
        acc += zb[i] * w;
        w += w;
    }
    z <== acc;
}

// z = x xor y; s = x * y as a full field element
template Main() {
    signal input x;
    signal input y;
    signal output z;
    signal output s;
    component xw = XorWords(64);
    xw.x <== x;
    xw.y <== y;
    z <== xw.z;
    s <== x * y;
}

component main {public [y]} = Main();
