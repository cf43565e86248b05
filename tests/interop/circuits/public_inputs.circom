pragma circom 2.0.0;

// Several public inputs next to public outputs, with full-width field values:
// the public signals are the outputs first, then the public inputs, in order.
template Poly() {
    signal input a;
    signal input b;
    signal input c;
    signal input d;
    signal input x;       // private
    signal output y;
    signal output w;
    signal x2;
    signal x3;
    signal t1;
    signal t2;
    x2 <== x * x;
    x3 <== x2 * x;
    t1 <== a * x3;
    t2 <== b * x2;
    y <== t1 + t2 + c * x + d;
    w <== y * a + b;
}

component main {public [a, b, c, d]} = Poly();
